import { defineModule } from '../../src/kernel';
import type { AppMetrics } from '../../src/metrics';
import { SECURITY_SCHEMES } from '../../src/openapi';
import { SESSION_REVOCATIONS, type SessionRevocations } from '../../src/websocket';
import { DatabaseConnection } from '../database';
import { AccountLimit } from './account-limit';
import { authGuard } from './auth-guard';
import type { AuthOptions, UserProvider } from './auth-options';
import { AuthService } from './auth-service';
import { type AuthSettings, resolveAuthSettings } from './auth-settings';
import { AUTH_SETTINGS, USER_PROVIDER } from './auth-tokens';
import { createSessionTables } from './database/database-session-tables';
import { DatabaseTokenDenyList } from './database/database-token-deny-list';
import { DatabaseTokenStore } from './database/database-token-store';
import { purgeExpiredSessions } from './database/purge-expired-sessions';
import { DeviceCookieSigner } from './device-cookie';
import { DeviceFailures } from './device-failures';
import { documentedSchemes } from './documented-schemes';
import { InMemoryTokenDenyList } from './in-memory-token-deny-list';
import { InMemoryTokenStore } from './in-memory-token-store';
import { LoginFailureSpacing, MAX_SPACED_USERNAMES } from './login-failure-spacing';
import { PasswordHasher } from './password-hasher';
import { mountAuthRoutes } from './routes/mount-auth-routes';
import { TokenCodec } from './token-codec';
import { TokenDenyList } from './token-deny-list';
import { TokenStore } from './token-store';

declare module '../../src/kernel/extension-points' {
  interface ModuleOptionsMap {
    auth: AuthOptions;
  }
}

declare module '../../src/kernel/extension-points' {
  interface GuardKindMap {
    /** `Auth()`: a live access token, or 401. */
    auth: true;
  }
}

// How often expired sessions and denied tokens of the database stores are deleted.
const SESSION_PURGE_MS = 60 * 60 * 1000;

/**
 * The `auth` module: JWT access and refresh tokens, sessions, bcrypt, and the `Auth()` guard.
 * Binds `AuthService`, `TokenStore`, `TokenDenyList`, `USER_PROVIDER` and `AUTH_SETTINGS`; each
 * can be replaced with `app.override` before `ready()`.
 * @example app.install('auth', { jwt: { secret, accessTokenTTL: 900, refreshTokenTTL: 86400 }, userProvider: UsersRepository });
 */
export const authModule = defineModule<AuthOptions>({
  name: 'auth',
  install(app, options) {
    const settings = resolveAuthSettings(options, undefined, app.options.messages);
    const { container } = app;
    container.bind(AUTH_SETTINGS).toConstantValue(settings);
    container.bind(SECURITY_SCHEMES).toConstantValue(documentedSchemes(settings.schemes));
    // Decided at ready(), once every module is installed: the database's tables when the
    // `database` module is there, memory otherwise.
    const durable = () => app.has('database');
    // The sessions' own tables: queried without the application's Kysely plugins (`Database` has them).
    const sessionsDb = () => container.get(DatabaseConnection).db;
    if (options.store) container.bind(TokenStore).toConstantValue(options.store);
    else
      container
        .bind(TokenStore)
        .toDynamicValue(() => (durable() ? new DatabaseTokenStore(sessionsDb()) : new InMemoryTokenStore()))
        .inSingletonScope();
    if (options.denyList) container.bind(TokenDenyList).toConstantValue(options.denyList);
    else
      container
        .bind(TokenDenyList)
        .toDynamicValue(() =>
          durable() ? new DatabaseTokenDenyList(sessionsDb()) : new InMemoryTokenDenyList(),
        )
        .inSingletonScope();
    if (!options.store || !options.denyList) {
      let purgeTimer: NodeJS.Timeout | undefined;
      app.service({
        name: 'session tables',
        stage: 'ready',
        start: () => (durable() ? createSessionTables(sessionsDb()) : undefined),
      });
      app.service({
        name: 'session purge',
        // Expired sessions and denied tokens go in batches off the request path; unref'd.
        start: () => {
          if (!durable()) return;
          const db = sessionsDb();
          purgeTimer = setInterval(() => {
            purgeExpiredSessions(db).catch((err) =>
              app.logger.warn({ err }, 'auth: expired sessions could not be purged'),
            );
          }, SESSION_PURGE_MS);
          purgeTimer.unref();
        },
        stop: () => clearInterval(purgeTimer),
      });
    }
    const provider = options.userProvider;
    if (typeof provider === 'function') {
      app.register(provider);
      container.bind<UserProvider>(USER_PROVIDER).toService(provider);
    } else {
      container.bind<UserProvider>(USER_PROVIDER).toConstantValue(provider);
    }
    container
      .bind(AuthService)
      .toDynamicValue((context) => {
        const current = context.get<AuthSettings>(AUTH_SETTINGS);
        const users = context.get<UserProvider>(USER_PROVIDER);
        return new AuthService({
          codec: new TokenCodec(current.secret, current.algorithm, {
            access: current.accessTokenTTL,
            refresh: current.refreshTokenTTL,
          }),
          store: context.get(TokenStore),
          denyList: context.get(TokenDenyList),
          users,
          passwords: new PasswordHasher(
            current.bcryptRounds,
            users,
            current.hashQueueLimit,
            current.messages?.busy,
          ),
          messages: current.messages,
          // Replaced settings (app.override) may predate the scheme option.
          challenge: current.schemes?.[0],
          accounts: new AccountLimit(
            current.loginsPerUsername,
            current.messages?.accountBusy,
            new LoginFailureSpacing(
              current.loginFailureSpacingMs,
              MAX_SPACED_USERNAMES,
              undefined,
              current.loginFailureBurst,
            ),
            new DeviceFailures(current.deviceCookie ? current.deviceCookie.maxFailures : undefined),
          ),
          deviceCookies: current.deviceCookie
            ? {
                signer: new DeviceCookieSigner(current.secret, current.deviceCookie.maxAgeSeconds),
                name: current.deviceCookie.name,
                secure: current.deviceCookie.secure,
              }
            : undefined,
          // A session outlives each of its tokens, so an access token never dies with it early.
          sessionTTL: Math.max(current.accessTokenTTL, current.refreshTokenTTL),
          // Looked up when a session ends: bound by the WebSocket feature at ready().
          revocations: {
            revoke: (revocation) =>
              container.isBound(SESSION_REVOCATIONS)
                ? container.get<SessionRevocations>(SESSION_REVOCATIONS).revoke(revocation)
                : Promise.resolve(),
          },
        });
      })
      .inSingletonScope();
    app.guards.define(authGuard);
    if (options.routes) mountAuthRoutes(app, options.routes, settings.messages);
    app.onCompiled(() => {
      const auth = app.container.get(AuthService);
      // Started, not awaited: a costly bcrypt hash must not delay start-up. A login for an unknown
      // user waits for it, so the answer still costs one full bcrypt verify.
      if (typeof auth.prepare === 'function') {
        auth.prepare().catch((err: unknown) => app.logger.error({ err }, 'auth: dummy password hash failed'));
      }
      if (app.metrics) reportHashingQueue(app.metrics, auth);
    });
  },
});

// A replacement AuthService (a stub in tests) may have no queue to report.
function reportHashingQueue(metrics: AppMetrics, auth: AuthService): void {
  let queue: AuthService['hashingQueue'] | undefined;
  try {
    queue = auth.hashingQueue;
  } catch {
    return;
  }
  if (queue)
    metrics.gauge(
      'password_hash_queue_depth',
      'Password hashes and verifications waiting for a free hashing slot',
      () => queue.queued,
    );
}
