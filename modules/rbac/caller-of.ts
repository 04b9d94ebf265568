import { UnauthorizedException } from '../../src/kernel';
import type { AuthenticatedUser, RequestContext } from '../../src/routing';

/** The authenticated caller; the auth guard runs first, so its absence is a 401, never a 403. */
export function callerOf(ctx: RequestContext, notAuthenticated: string): AuthenticatedUser {
  if (!ctx.user) throw new UnauthorizedException(notAuthenticated);
  return ctx.user;
}
