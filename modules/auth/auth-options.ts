import type { Class } from '../../src/kernel';
import type { AuthMessages } from './auth-messages';
import type { AuthenticatedUser } from './caller';
import type { AuthRoutesOptions } from './routes/auth-routes-options';
import type { TokenDenyList } from './token-deny-list';
import type { TokenStore } from './token-store';

type MaybePromise<T> = T | Promise<T>;

/** A user as the application stores it: the caller's identity plus, for login, its password hash. */
export interface UserRecord extends AuthenticatedUser {
  /** The stored hash (bcrypt unless the provider hashes itself); never put in tokens or responses. */
  passwordHash?: string;
}

/**
 * Where the auth module finds users; a plain object, or a class resolved from the container.
 *
 * - `findByCredentials(username, password)`: the user, or null when the credentials are invalid.
 *   Two styles work. A record WITH `passwordHash`: Trellis verifies the password against it (and,
 *   for null, against a dummy hash of the same cost, so the response time tells nothing). A record
 *   WITHOUT `passwordHash`: the provider checked the password itself, and returning the user is its
 *   verdict that the password matched; Trellis logs the user in as it is.
 * - `findById(id)`: the user as it is now, or null once deleted; a refresh re-reads it, so new
 *   tokens carry the current role and permissions and a deleted user cannot refresh.
 * - `hashPassword` / `verifyPassword`: optional; without them the module uses bcrypt at
 *   `bcryptRounds`.
 */
export interface UserProvider {
  /** The user named `username` (with `passwordHash`, for the module to check), or null. */
  findByCredentials(username: string, password: string): MaybePromise<UserRecord | null | undefined>;
  /** The user as it is now, or null once deleted. */
  findById(id: UserRecord['id']): MaybePromise<UserRecord | null | undefined>;
  /** Hashes a password; default bcrypt at `bcryptRounds`. */
  hashPassword?(password: string): Promise<string>;
  /** Checks a password against a hash; default bcrypt. */
  verifyPassword?(password: string, hash: string): Promise<boolean>;
}

/** The HMAC algorithms a shared secret can sign with. */
export type JwtAlgorithm = 'HS256' | 'HS384' | 'HS512';

/** How tokens are signed and how long they live. */
export interface JwtOptions {
  /** At least 32 characters; with NODE_ENV=production also 16 distinct ones, and none printed in the docs. */
  secret: string;
  /** Lifetime of an access token, in seconds. */
  accessTokenTTL: number;
  /** Lifetime of a refresh token (and of an idle session), in seconds. */
  refreshTokenTTL: number;
  /** Pinned on sign and verify; default `'HS256'`. */
  algorithm?: JwtAlgorithm;
}

/** The device cookie's name, lifetime and lockout. */
export interface DeviceCookieOptions {
  /** The cookie's name; default `'trellis_device'`. */
  name?: string;
  /** Seconds the cookie is honoured after the login that set it; default 30 days. */
  maxAgeSeconds?: number;
  /** Failed logins of one known device in 15 minutes before it is judged as an unknown one; default 5. */
  maxFailures?: number;
}

/** What `app.install('auth', options)` takes. */
export interface AuthOptions {
  /** How tokens are signed and how long they live. */
  jwt: JwtOptions;
  /** Where users are found: an object, or a class resolved from the container. */
  userProvider: UserProvider | Class<UserProvider>;
  /** Sessions and refresh-token state; default in memory (one instance only). */
  store?: TokenStore;
  /** Revoked access tokens; default in memory (one instance only). */
  denyList?: TokenDenyList;
  /** bcrypt cost of the built-in hashing; default 10. */
  bcryptRounds?: number;
  /**
   * Hashes and verifications (logins, registrations) that may wait for a free hashing slot; past
   * it a login or registration is answered 503 with `Retry-After: 1` at once. Default 4 per core.
   */
  hashQueueLimit?: number;
  /**
   * Logins of one username that may be in progress at once, from every client together; past it
   * a login of that username is answered 429 with `Retry-After: 1` before any lookup or hashing.
   * Default 1.
   */
  loginsPerUsername?: number;
  /**
   * The spacing of failed logins of a username from devices it does not know (no valid device
   * cookie), from every client together: once `loginFailureBurst` failures (wrong password or
   * unknown user alike) are spent, one more may be verified per `loginFailureSpacingMs`, and an
   * attempt past that is answered 429 with `Retry-After` (the seconds left) before any lookup or
   * hashing. Known devices are never spaced. Kept per instance, in memory. Default 1000; 0 turns
   * it off.
   */
  loginFailureSpacingMs?: number;
  /**
   * Failed logins of a username from unknown devices that may be verified back to back before
   * the spacing holds (they come back one per `loginFailureSpacingMs`). Default 10: twice the
   * reference's five failures per client and username, so no single client ever meets it.
   */
  loginFailureBurst?: number;
  /**
   * The device cookie a successful login sets (HttpOnly, SameSite=Strict, Secure in production,
   * signed with a key derived from `jwt.secret`, so changing the secret revokes them all): a later
   * login of the same username carrying it is judged by that device's own failures, never by a
   * flood at the account. `false` turns device cookies off (every attempt is then an unknown
   * device's). Default on.
   */
  deviceCookie?: false | DeviceCookieOptions;
  /**
   * The scheme word of the `Authorization` header that carries an access token: `'Bearer'` (the
   * default), another such as `'Token'` (`Authorization: Token <jwt>`, as APIs designed around
   * Django REST framework or RealWorld expect), or a list of them, any one accepted. Matched
   * case-insensitively (RFC 9110); 401 answers name the first in `WWW-Authenticate`, and the
   * OpenAPI document describes each.
   */
  scheme?: string | readonly string[];
  /**
   * Load the caller through `userProvider.findById` once per call on every `Auth()` route, so
   * `CurrentUser()` (and the rbac guards) see the user as stored now, never the profile copied
   * into the token; `Auth({ fresh: true })` asks for it on one route. Default false.
   */
  freshUser?: boolean;
  /** Texts to answer clients with instead of the defaults (`AUTH_MESSAGES`), any of them. */
  messages?: Partial<AuthMessages>;
  /**
   * Mount the reference endpoints (default prefix `/auth`): `POST login` (200 `{ accessToken,
   * refreshToken, user }`, failed attempts limited), `POST refresh` (200 pair), `GET me`,
   * `POST logout` (200 `{ message }`). Registration stays the application's.
   */
  routes?: true | false | AuthRoutesOptions;
}
