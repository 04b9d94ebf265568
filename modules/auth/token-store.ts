import type { AuthenticatedUser } from './caller';

type UserId = AuthenticatedUser['id'];

/** What `TokenStore.rotate` found: the token was current, was an older one (theft), or the session is gone. */
export type RotationOutcome = 'rotated' | 'reused' | 'unknown';

/** A session as a login starts it. */
export interface NewSession {
  /** The new session id. */
  sessionId: string;
  /** Whose session it is. */
  userId: UserId;
  /** The `jti` of the session's first refresh token. */
  refreshJti: string;
  /** Seconds the session lives without a refresh. */
  ttl: number;
}

/**
 * Sessions and their refresh-token state. Also the container token: bind a shared implementation
 * (Redis, say) so several instances act as one. Every call is async and every entry expires, so
 * a networked store fits without changing callers.
 */
export abstract class TokenStore {
  /** Starts a session whose current refresh token is `refreshJti`. */
  abstract createSession(session: NewSession): Promise<void>;

  /**
   * One atomic step. When `presentedJti` is the session's current refresh token, `nextJti`
   * replaces it and the session lives `ttl` more seconds: 'rotated'. When it is not (an older
   * token of the session, replayed: theft), the session ends: 'reused'. When the session is
   * gone: 'unknown'. Of two racing calls with one token, exactly one gets 'rotated'.
   */
  abstract rotate(
    sessionId: string,
    presentedJti: string,
    nextJti: string,
    ttl: number,
  ): Promise<RotationOutcome>;

  /**
   * Whether the session exists and has not ended. A store that knows at once may answer without a
   * promise: guarded requests then cost none.
   */
  abstract isActive(sessionId: string): boolean | Promise<boolean>;

  /** Ends one session (logout). */
  abstract endSession(sessionId: string): Promise<void>;

  /** Ends every session of a user (password change). */
  abstract endUserSessions(userId: UserId): Promise<void>;
}
