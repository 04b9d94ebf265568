import { type CallContext, UnauthorizedException } from '../../src/kernel';
import type { AuthenticatedUser } from '../auth';

/** The authenticated caller; the auth guard runs first, so its absence is a 401, never a 403. */
export function callerOf(ctx: CallContext, notAuthenticated: string): AuthenticatedUser {
  if (!ctx.user) throw new UnauthorizedException(notAuthenticated);
  return ctx.user;
}
