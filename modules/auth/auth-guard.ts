import type { CallContext, GuardDefinition } from '../../src/kernel';
import { AUTH_GUARD_KIND, isOptional, wantsFresh } from './auth-decorator';
import { AUTH_MESSAGES } from './auth-messages';
import { AuthService } from './auth-service';
import { type AuthSettings, DEFAULT_AUTH_SCHEME } from './auth-settings';
import { AUTH_SETTINGS } from './auth-tokens';
import { AuthorizationHeader } from './authorization-header';
import type { AuthenticatedUser } from './caller';
import { claimsOf } from './session-claims';

type Admit = (ctx: CallContext, caller: AuthenticatedUser) => void;

// A connection outlives its upgrade: it is closed when this session ends or the token expires.
const admitConnection: Admit = (ctx, caller) => {
  ctx.user = caller;
  const claims = claimsOf(caller);
  if (claims) ctx.session = { id: claims.sid, userId: claims.sub, expiresAt: claims.exp * 1000 };
};

const admitCall: Admit = (ctx, caller) => {
  ctx.user = caller;
};

/**
 * The guard kind of `Auth()`: a live access token, or 401. Runs first, so authorisation
 * guards always see `ctx.user`. Gateways also accept the token as a `token` query parameter.
 * With `Auth({ optional: true })` a call without an `Authorization` header passes anonymously.
 */
export const authGuard: GuardDefinition = {
  kind: AUTH_GUARD_KIND,
  priority: 0,
  authenticates: true,
  compile(options, site) {
    const auth = site.container.get(AuthService);
    // Replaced settings (app.override) may predate the messages, scheme and freshUser options.
    const settings = site.container.get<AuthSettings>(AUTH_SETTINGS);
    const header = new AuthorizationHeader(
      settings.schemes ?? [DEFAULT_AUTH_SCHEME],
      settings.messages?.malformedHeader ?? AUTH_MESSAGES.malformedHeader,
    );
    const optional = isOptional(options);
    const fresh = settings.freshUser === true || wantsFresh(options);
    const longLived = site.transport === 'ws' || site.longLived === true;
    const readToken =
      site.transport === 'ws'
        ? (ctx: CallContext) => header.upgradeTokenOf(ctx)
        : (ctx: CallContext) => header.tokenOf(ctx);
    const admit = longLived ? admitConnection : admitCall;
    return (ctx) => {
      const token = readToken(ctx);
      if (token === undefined && optional) return;
      const user = auth.callerOf(token, fresh);
      if (user instanceof Promise)
        return user.then((caller) => {
          admit(ctx, caller);
          ctx.accessToken = token;
        });
      admit(ctx, user);
      ctx.accessToken = token;
    };
  },
};
