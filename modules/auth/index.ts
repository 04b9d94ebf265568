export { AccountBusyException, DeviceBusyException } from './account-limit';
export { AUTH_GUARD_KIND, Auth, type AuthGuardOptions } from './auth-decorator';
export { AUTH_MESSAGES, AUTH_MESSAGES_EN, type AuthMessages } from './auth-messages';
export { authModule } from './auth-module';
export type {
  AuthOptions,
  DeviceCookieOptions,
  JwtAlgorithm,
  JwtOptions,
  UserProvider,
  UserRecord,
} from './auth-options';
export { type AuthenticateOptions, AuthService } from './auth-service';
export type { AuthSettings } from './auth-settings';
export { AUTH_SETTINGS, USER_PROVIDER } from './auth-tokens';
export type { AuthenticatedUser, ConnectionSession } from './caller';
export { ConcurrencyLimit, QueueFullException } from './concurrency-limit';
export { CurrentToken } from './current-token';
export { purgeExpiredSessions, type SessionPurgeOptions } from './database/purge-expired-sessions';
export type { KnownDevice } from './device-cookie';
export type { ExpiringMapOptions } from './expiring-map';
export { InMemoryTokenDenyList } from './in-memory-token-deny-list';
export { InMemoryTokenStore } from './in-memory-token-store';
export { passwordSchema } from './password-schema';
export { DEFAULT_AUTH_PREFIX, type RedisAuthOptions } from './redis/redis-auth-options';
export { RedisTokenDenyList, type RedisTokenDenyListOptions } from './redis/redis-token-deny-list';
export { RedisTokenStore } from './redis/redis-token-store';
export type { AuthRoutesOptions, LoginLimitOptions } from './routes/auth-routes-options';
export { type LoginAttempts, loginAttempts } from './routes/login-attempts';
export type { LoginResult, TokenClaims, TokenPair, TokenType } from './token-claims';
export { TokenDenyList } from './token-deny-list';
export { type NewSession, type RotationOutcome, TokenStore } from './token-store';
