import type { AuthenticatedUser } from './caller';
import { ExpiringMap, type ExpiringMapOptions } from './expiring-map';
import { type NewSession, type RotationOutcome, TokenStore } from './token-store';

type UserId = AuthenticatedUser['id'];

interface Session {
  userId: UserId;
  refreshJti: string;
}

/**
 * The sessions of one process. Each step runs within one tick, which makes `rotate` atomic here;
 * expired sessions leave both the session map and the per-user index.
 */
export class InMemoryTokenStore extends TokenStore {
  private readonly sessions: ExpiringMap<string, Session>;
  private readonly byUser = new Map<UserId, Set<string>>();
  private readonly now: () => number;

  constructor(options: ExpiringMapOptions = {}) {
    super();
    this.now = options.now ?? Date.now;
    this.sessions = new ExpiringMap(options, (sessionId, session) => this.unindex(sessionId, session.userId));
  }

  /** Sessions held, expired ones not yet swept included. */
  get size(): number {
    return this.sessions.size;
  }

  /** {@inheritDoc TokenStore.createSession} */
  override async createSession({ sessionId, userId, refreshJti, ttl }: NewSession): Promise<void> {
    this.sessions.set(sessionId, { userId, refreshJti }, this.expiry(ttl));
    const ids = this.byUser.get(userId);
    if (ids) ids.add(sessionId);
    else this.byUser.set(userId, new Set([sessionId]));
  }

  /** {@inheritDoc TokenStore.rotate} */
  override async rotate(
    sessionId: string,
    presentedJti: string,
    nextJti: string,
    ttl: number,
  ): Promise<RotationOutcome> {
    const session = this.sessions.get(sessionId);
    if (!session) return 'unknown';
    if (session.refreshJti !== presentedJti) {
      this.end(sessionId, session.userId);
      return 'reused';
    }
    this.sessions.set(sessionId, { userId: session.userId, refreshJti: nextJti }, this.expiry(ttl));
    return 'rotated';
  }

  /** {@inheritDoc TokenStore.isActive} */
  override isActive(sessionId: string): boolean {
    return this.sessions.get(sessionId) !== undefined;
  }

  /** {@inheritDoc TokenStore.endSession} */
  override async endSession(sessionId: string): Promise<void> {
    const session = this.sessions.get(sessionId);
    if (session) this.end(sessionId, session.userId);
  }

  /** {@inheritDoc TokenStore.endUserSessions} */
  override async endUserSessions(userId: UserId): Promise<void> {
    for (const sessionId of this.byUser.get(userId) ?? []) this.sessions.delete(sessionId);
    this.byUser.delete(userId);
  }

  private expiry(ttlSeconds: number): number {
    return this.now() + ttlSeconds * 1000;
  }

  private end(sessionId: string, userId: UserId): void {
    this.sessions.delete(sessionId);
    this.unindex(sessionId, userId);
  }

  private unindex(sessionId: string, userId: UserId): void {
    const ids = this.byUser.get(userId);
    if (!ids) return;
    ids.delete(sessionId);
    if (ids.size === 0) this.byUser.delete(userId);
  }
}
