import { randomUUID } from 'node:crypto';
import type { RequestContext } from '../../src/http/request-context';
import { UnauthorizedException } from '../../src/kernel';
import type { SessionRevocation, SessionRevocations } from '../../src/websocket';
import type { AccountLimit } from './account-limit';
import { AUTH_MESSAGES, type AuthMessages } from './auth-messages';
import type { UserProvider, UserRecord } from './auth-options';
import { DEFAULT_AUTH_SCHEME } from './auth-settings';
import type { AuthenticatedUser } from './caller';
import type { ConcurrencyLimit } from './concurrency-limit';
import type { KnownDevice } from './device-cookie';
import { type DeviceCookieSettings, devicesOf, setDeviceCookie } from './device-cookies';
import type { PasswordHasher } from './password-hasher';
import { claimsOf, userFromClaims } from './session-claims';
import type { LoginResult, TokenClaims, TokenPair } from './token-claims';
import type { TokenCodec } from './token-codec';
import type { TokenDenyList } from './token-deny-list';
import type { TokenStore } from './token-store';

/** What an `AuthService` works with; the auth module builds it from the container. */
export interface AuthServiceParts {
  codec: TokenCodec;
  store: TokenStore;
  denyList: TokenDenyList;
  users: UserProvider;
  passwords: PasswordHasher;
  /** The cap on logins of one username in progress at once, and the spacing after a failed one; none when absent. */
  accounts?: AccountLimit;
  /** Seconds a session lives without a refresh. */
  sessionTTL: number;
  /** Where ended sessions are announced, so live connections (WebSockets) close with them. */
  revocations?: Pick<SessionRevocations, 'revoke'>;
  /** The texts of its 401 answers; default `AUTH_MESSAGES`. */
  messages?: Readonly<AuthMessages>;
  /** The device cookies `loginFrom` reads and sets; none when absent. */
  deviceCookies?: DeviceCookieSettings;
  /** The scheme its 401 answers name in `WWW-Authenticate`; default `'Bearer'`. */
  challenge?: string;
}

/** What `AuthService.authenticate` may be asked besides the token. */
export interface AuthenticateOptions {
  /** Read the user through the user provider's `findById` instead of the token's copy. */
  fresh?: boolean;
}

// Verified claims are frozen and shared by every request with the token: callers get their own.
function ownCopy(claims: TokenClaims): TokenClaims {
  return { ...claims, permissions: [...(claims.permissions ?? [])] };
}

// Only the public identity goes into tokens and responses: never the hash or other columns.
function identityOf(record: UserRecord): AuthenticatedUser {
  const { id, username, email, role, permissions } = record;
  return { id, username, email, role, permissions: [...(permissions ?? [])] };
}

/**
 * Logins, token pairs, refresh rotation and sessions. Bound in the container by the auth module.
 * @example const { accessToken, refreshToken, user } = await auth.login('ada', 'S3cret!pass');
 */
export class AuthService {
  private readonly messages: Readonly<AuthMessages>;
  private readonly challenge: string;

  constructor(private readonly parts: AuthServiceParts) {
    this.messages = parts.messages ?? AUTH_MESSAGES;
    this.challenge = parts.challenge ?? DEFAULT_AUTH_SCHEME;
  }

  /**
   * Checks the credentials and starts a session; 401 (`messages.invalidCredentials`) otherwise.
   * `device`, a known device of `username` (from its device cookie), is judged by its own failures
   * instead of the account's protection.
   */
  async login(username: string, password: string, device?: KnownDevice): Promise<LoginResult> {
    if (typeof username !== 'string' || typeof password !== 'string')
      throw this.unauthorized(this.messages.invalidCredentials);
    const check = () => this.checkCredentials(username, password);
    const record = await (this.parts.accounts ? this.parts.accounts.run(username, check, device) : check());
    if (!record) throw this.unauthorized(this.messages.invalidCredentials);
    const user = identityOf(record);
    return { ...(await this.issueTokens(user)), user };
  }

  /**
   * The known device of `username` a request comes from: one of its device cookies (every one
   * counts) signed here for that username, unexpired, of a device its own failures have not locked
   * out. Its login is judged by that device's failures only: `loginAttempts` lets it past every
   * per-client limit, and the per-account protection never refuses it. Undefined otherwise.
   * @example await attempts(ctx, username, () => auth.loginFrom(ctx, username, password), auth.knownDeviceOf(ctx, username));
   */
  knownDeviceOf(ctx: RequestContext, username: string): KnownDevice | undefined {
    const cookies = this.parts.deviceCookies;
    if (!cookies || typeof username !== 'string') return undefined;
    return devicesOf(ctx, cookies, username).find((device) => this.trusts(device));
  }

  /**
   * `login` for an HTTP request: the request's device cookie, when it names a device that logged
   * in as `username` before, has the attempt judged by that device's own failures (a flood at the
   * account from elsewhere does not refuse it); a success sets the device cookie on the answer.
   * @example const { accessToken, user } = await auth.loginFrom(ctx, body.username, body.password);
   */
  async loginFrom(ctx: RequestContext, username: string, password: string): Promise<LoginResult> {
    const cookies = this.parts.deviceCookies;
    if (!cookies || typeof username !== 'string') return this.login(username, password);
    const devices = devicesOf(ctx, cookies, username);
    // A locked-out device is judged as a new one, and keeps its id when its cookie is renewed.
    const device = devices.find((known) => this.trusts(known)) ?? devices[0];
    const result = await this.login(username, password, device);
    setDeviceCookie(ctx, cookies, cookies.signer.issue(username, device));
    return result;
  }

  /**
   * Starts a new session for `user` and gives its first token pair, without checking a password:
   * for a sign-up that logs the new user in, or a login the application checked itself.
   * @example const { accessToken, refreshToken } = await auth.issueTokens(newUser);
   */
  async issueTokens(user: AuthenticatedUser): Promise<TokenPair> {
    const sessionId = randomUUID();
    const refreshJti = randomUUID();
    await this.parts.store.createSession({
      sessionId,
      userId: user.id,
      refreshJti,
      ttl: this.parts.sessionTTL,
    });
    return this.pair(user, sessionId, refreshJti);
  }

  /**
   * The former name of `issueTokens`, kept so existing code keeps working.
   * @deprecated Use `issueTokens(user)`, which does the same.
   */
  generateTokens(user: AuthenticatedUser): Promise<TokenPair> {
    return this.issueTokens(user);
  }

  /** The claims of a live access token; 401 when it is missing, bad, expired, revoked or a refresh token. */
  verifyAccessToken(token: string | undefined): Promise<TokenClaims> {
    try {
      const claims = this.liveAccessClaims(token);
      return claims instanceof Promise ? claims.then(ownCopy) : Promise.resolve(ownCopy(claims));
    } catch (err) {
      return Promise.reject(err);
    }
  }

  /**
   * The caller a live access token stands for, as `CurrentUser()` gives it (with `fresh`, as the
   * user provider has the user now); 401 when the token is missing, bad, expired or revoked.
   * @example const user = await auth.authenticate(tokenFromAQueueMessage);
   */
  authenticate(token: string | undefined, options: AuthenticateOptions = {}): Promise<AuthenticatedUser> {
    try {
      return Promise.resolve(this.callerOf(token, options.fresh === true));
    } catch (err) {
      return Promise.reject(err);
    }
  }

  /**
   * `authenticate` for the `Auth()` guard: synchronous (a refusal throws) when the deny-list and
   * the token store answer synchronously, as the in-memory ones do, so the guard costs no promise.
   * `fresh` reads the user through the provider (a user it no longer has is 401, revoked).
   */
  callerOf(token: string | undefined, fresh = false): AuthenticatedUser | Promise<AuthenticatedUser> {
    const claims = this.liveAccessClaims(token);
    if (fresh) return Promise.resolve(claims).then((live) => this.currentCaller(live));
    return claims instanceof Promise ? claims.then(userFromClaims) : userFromClaims(claims);
  }

  /**
   * A new pair for a current refresh token, with the user as the provider has it now. The used
   * token dies; replaying it ends its whole session. 401 (`messages.invalidRefreshToken`) otherwise.
   * @example const { accessToken, refreshToken } = await auth.refresh(body.refreshToken);
   */
  async refresh(refreshToken: string): Promise<TokenPair> {
    const claims = typeof refreshToken === 'string' ? this.parts.codec.verify(refreshToken) : 'invalid';
    if (typeof claims === 'string' || claims.type !== 'refresh')
      throw this.unauthorized(this.messages.invalidRefreshToken);
    const { store, users, sessionTTL } = this.parts;
    const record = await users.findById(claims.sub);
    if (!record) {
      await store.endSession(claims.sid);
      await this.announce({ sessionId: claims.sid });
      throw this.unauthorized(this.messages.invalidRefreshToken);
    }
    const nextJti = randomUUID();
    const outcome = await store.rotate(claims.sid, claims.jti, nextJti, sessionTTL);
    // A replayed refresh token ended its whole session.
    if (outcome === 'reused') await this.announce({ sessionId: claims.sid });
    if (outcome !== 'rotated') throw this.unauthorized(this.messages.invalidRefreshToken);
    return this.pair(identityOf(record), claims.sid, nextJti);
  }

  /**
   * Ends the caller's session: its refresh token and the access token of this request stop at once.
   * `user` is the `CurrentUser()` of a guarded call.
   * @example @Post('/logout') @Auth() logout(@CurrentUser() user: AuthenticatedUser) { return this.auth.logout(user); }
   */
  async logout(user: AuthenticatedUser): Promise<void> {
    const claims = user ? claimsOf(user) : undefined;
    if (!claims) throw this.unauthorized(this.messages.invalidToken);
    await Promise.all([
      this.parts.denyList.add(claims.jti, claims.exp),
      this.parts.store.endSession(claims.sid),
    ]);
    await this.announce({ sessionId: claims.sid });
  }

  /**
   * Ends every session of a user (after a password change): all their tokens and connections stop at once.
   * @example await users.setPassword(id, hash); await auth.revokeAllSessions(id);
   */
  async revokeAllSessions(userId: AuthenticatedUser['id']): Promise<void> {
    await this.parts.store.endUserSessions(userId);
    await this.announce({ userId });
  }

  /** The bounded queue of hashes and verifications: `queued` is its depth, `maxQueued` its bound. */
  get hashingQueue(): ConcurrencyLimit {
    return this.parts.passwords.slots;
  }

  /**
   * The hash to store for `password` (the provider's `hashPassword`, else bcrypt at `bcryptRounds`).
   * @example await users.create({ username, passwordHash: await auth.hashPassword(password) });
   */
  hashPassword(password: string): Promise<string> {
    return this.parts.passwords.hash(password);
  }

  /**
   * Whether `password` matches `hash` (the provider's `verifyPassword`, else bcrypt).
   * @example if (!(await auth.verifyPassword(body.currentPassword, user.passwordHash))) throw new ForbiddenException();
   */
  verifyPassword(password: string, hash: string): Promise<boolean> {
    return this.parts.passwords.verify(password, hash);
  }

  /** Expensive set-up done once at `ready()`: the dummy hash unknown-user logins verify against. */
  async prepare(): Promise<void> {
    await this.parts.passwords.prepare();
  }

  // Whether the account protection judges `device` by its own failures (not locked out).
  private trusts(device: KnownDevice): boolean {
    return this.parts.accounts?.trusts(device) ?? true;
  }

  private unauthorized(message: string): UnauthorizedException {
    return new UnauthorizedException(message, { headers: { 'WWW-Authenticate': this.challenge } });
  }

  // A token refused by the deny-list (a logout) or whose session ended is revoked.
  private live(claims: TokenClaims, denied: boolean, active: boolean): TokenClaims {
    if (denied || !active) throw this.unauthorized(this.messages.revokedToken);
    return claims;
  }

  // The caller of live claims with the identity the user provider has now.
  private async currentCaller(claims: TokenClaims): Promise<AuthenticatedUser> {
    const record = await this.parts.users.findById(claims.sub);
    if (!record) throw this.unauthorized(this.messages.revokedToken);
    return userFromClaims(claims, identityOf(record));
  }

  // The session already ended in the store, which every request checks: a lost announcement (Redis
  // down) only leaves a socket open until its token expires, so it never fails the caller.
  private async announce(revocation: SessionRevocation): Promise<void> {
    try {
      await this.parts.revocations?.revoke(revocation);
    } catch {
      // The connections still close at their token's expiry.
    }
  }

  // The user whose credentials these are, or null when they were refused.
  private async checkCredentials(username: string, password: string): Promise<UserRecord | null> {
    const record = await this.parts.users.findByCredentials(username, password);
    const valid = await this.passwordMatches(record, password);
    return record && valid ? record : null;
  }

  // A record without a hash is the provider's own verdict that the password matched; a hash is
  // verified here. No record, or an unusable hash, still costs a full verification.
  private passwordMatches(record: UserRecord | null | undefined, password: string): Promise<boolean> {
    const { passwords } = this.parts;
    if (record && record.passwordHash == null) return Promise.resolve(true);
    const hash = record?.passwordHash;
    if (typeof hash === 'string' && hash.length > 0) return passwords.verify(password, hash);
    return passwords.verifyNothing(password);
  }

  // What the token says, then whether it was revoked: without a promise when both stores can tell.
  private liveAccessClaims(token: string | undefined): TokenClaims | Promise<TokenClaims> {
    const claims = this.signedAccessClaims(token);
    const denied = this.parts.denyList.has(claims.jti);
    const active = this.parts.store.isActive(claims.sid);
    if (typeof denied === 'boolean' && typeof active === 'boolean') return this.live(claims, denied, active);
    // Both lookups at once: on Redis that is one round trip of waiting instead of two.
    return Promise.all([denied, active]).then(([isDenied, isActive]) =>
      this.live(claims, isDenied, isActive),
    );
  }

  // Signature, expiry and type: what the token itself says, before deny-list and session.
  private signedAccessClaims(token: string | undefined): TokenClaims {
    if (!token) throw this.unauthorized(this.messages.missingToken);
    const claims = this.parts.codec.verify(token);
    if (claims === 'expired') throw this.unauthorized(this.messages.expiredToken);
    if (claims === 'invalid' || claims.type !== 'access') throw this.unauthorized(this.messages.invalidToken);
    return claims;
  }

  private pair(user: AuthenticatedUser, sessionId: string, refreshJti: string): TokenPair {
    const { codec } = this.parts;
    return {
      accessToken: codec.sign(user, 'access', sessionId),
      refreshToken: codec.sign(user, 'refresh', sessionId, refreshJti),
    };
  }
}
