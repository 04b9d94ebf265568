import type { GuardDefinition } from '../../src/guards/guard-registry';
import type { AuthenticatedUser, RequestContext } from '../../src/routing/request-context';
import { AuthService } from './auth-service';
import { bearerOrQueryToken, bearerToken } from './bearer-token';
import { claimsOf } from './session-claims';

/**
 * The guard kind 'auth' (`Auth()`): a live access token, or 401. Runs first, so authorisation
 * guards always see `ctx.user`. Gateways also accept the token as a `token` query parameter.
 */
export const authGuard: GuardDefinition = {
  kind: 'auth',
  priority: 0,
  compile(_options, site) {
    const auth = site.container.get(AuthService);
    if (site.transport === 'ws') {
      // A connection outlives its upgrade: it is closed when this session ends or the token expires.
      const admit = (ctx: RequestContext, caller: AuthenticatedUser) => {
        ctx.user = caller;
        const claims = claimsOf(caller);
        if (claims) ctx.session = { id: claims.sid, userId: claims.sub, expiresAt: claims.exp * 1000 };
      };
      return (ctx) => {
        const user = auth.callerOf(bearerOrQueryToken(ctx));
        if (user instanceof Promise) return user.then((caller) => admit(ctx, caller));
        admit(ctx, user);
      };
    }
    return (ctx) => {
      const user = auth.callerOf(bearerToken(ctx));
      if (user instanceof Promise)
        return user.then((caller) => {
          ctx.user = caller;
        });
      ctx.user = user;
    };
  },
};
