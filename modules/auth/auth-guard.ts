import type { GuardDefinition } from '../../src/guards/guard-registry';
import { AuthService } from './auth-service';
import { bearerOrQueryToken, bearerToken } from './bearer-token';

/**
 * The guard kind 'auth' (`Auth()`): a live access token, or 401. Runs first, so authorisation
 * guards always see `ctx.user`. Gateways also accept the token as a `token` query parameter.
 */
export const authGuard: GuardDefinition = {
  kind: 'auth',
  priority: 0,
  compile(_options, site) {
    const auth = site.container.get(AuthService);
    const readToken = site.transport === 'ws' ? bearerOrQueryToken : bearerToken;
    return (ctx) => {
      const user = auth.callerOf(readToken(ctx));
      if (user instanceof Promise)
        return user.then((caller) => {
          ctx.user = caller;
        });
      ctx.user = user;
    };
  },
};
