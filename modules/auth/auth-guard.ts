import type { CallContext, GuardDefinition } from '../../src/kernel';
import { AUTH_GUARD_KIND } from './auth-decorator';
import { AUTH_MESSAGES } from './auth-messages';
import { AuthService } from './auth-service';
import type { AuthSettings } from './auth-settings';
import { AUTH_SETTINGS } from './auth-tokens';
import { bearerOrQueryToken, bearerToken } from './bearer-token';
import type { AuthenticatedUser } from './caller';
import { claimsOf } from './session-claims';

/**
 * The guard kind of `Auth()`: a live access token, or 401. Runs first, so authorisation
 * guards always see `ctx.user`. Gateways also accept the token as a `token` query parameter.
 */
export const authGuard: GuardDefinition = {
  kind: AUTH_GUARD_KIND,
  priority: 0,
  authenticates: true,
  compile(_options, site) {
    const auth = site.container.get(AuthService);
    // Replaced settings (app.override) may predate the messages option.
    const malformed =
      site.container.get<AuthSettings>(AUTH_SETTINGS).messages?.malformedHeader ??
      AUTH_MESSAGES.malformedHeader;
    if (site.transport === 'ws' || site.longLived) {
      // A connection outlives its upgrade: it is closed when this session ends or the token expires.
      const readToken = site.transport === 'ws' ? bearerOrQueryToken : bearerToken;
      const admit = (ctx: CallContext, caller: AuthenticatedUser) => {
        ctx.user = caller;
        const claims = claimsOf(caller);
        if (claims) ctx.session = { id: claims.sid, userId: claims.sub, expiresAt: claims.exp * 1000 };
      };
      return (ctx) => {
        const user = auth.callerOf(readToken(ctx, malformed));
        if (user instanceof Promise) return user.then((caller) => admit(ctx, caller));
        admit(ctx, user);
      };
    }
    return (ctx) => {
      const user = auth.callerOf(bearerToken(ctx, malformed));
      if (user instanceof Promise)
        return user.then((caller) => {
          ctx.user = caller;
        });
      ctx.user = user;
    };
  },
};
