import { UnauthorizedException } from '../../src/errors/exceptions';
import type { AuthenticatedUser, RequestContext } from '../../src/routing/request-context';
import { RBAC_MESSAGES } from './rbac-messages';

/** The authenticated caller; the auth guard runs first, so its absence is a 401, never a 403. */
export function callerOf(ctx: RequestContext): AuthenticatedUser {
  if (!ctx.user) throw new UnauthorizedException(RBAC_MESSAGES.notAuthenticated);
  return ctx.user;
}
