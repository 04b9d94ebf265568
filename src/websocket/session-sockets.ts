import type { LiveSession as ConnectionSession } from '../kernel';
import { CLOSE_CODES } from './close-codes';
import type { SessionRevocation } from './session-revocations';

/** What `SessionSockets` closes: a live connection. */
export interface ClosableConnection {
  close(code: number, reason: string): void;
}

// setTimeout's longest delay; a later expiry is re-armed in steps.
const MAX_TIMER_MS = 2 ** 31 - 1;

/** The short reasons sent with close code 4401. */
export const SESSION_CLOSE_REASONS = { expired: 'Token expired', ended: 'Session ended' } as const;

/**
 * The authenticated connections of this instance, by session and by user, each with a timer for
 * its token's expiry. A revocation closes the matching ones with 4401; so does the timer. Nothing
 * runs per message: a connection costs one timer and two map entries.
 */
export class SessionSockets<C extends ClosableConnection = ClosableConnection> {
  private readonly bySession = new Map<string, Set<C>>();
  private readonly byUser = new Map<string, Set<C>>();
  private readonly tracked = new Map<C, { session: ConnectionSession; timer?: NodeJS.Timeout }>();

  constructor(private readonly now: () => number = Date.now) {}

  /** Connections tracked now. */
  get size(): number {
    return this.tracked.size;
  }

  /** Follows `connection` until `untrack`: it closes when its session ends or its token expires. */
  track(connection: C, session: ConnectionSession): void {
    const entry: { session: ConnectionSession; timer?: NodeJS.Timeout } = { session };
    this.tracked.set(connection, entry);
    add(this.bySession, session.id, connection);
    add(this.byUser, String(session.userId), connection);
    this.arm(connection, entry);
  }

  /** Stops following a connection (it closed). */
  untrack(connection: C): void {
    const entry = this.tracked.get(connection);
    if (!entry) return;
    clearTimeout(entry.timer);
    this.tracked.delete(connection);
    remove(this.bySession, entry.session.id, connection);
    remove(this.byUser, String(entry.session.userId), connection);
  }

  /** Closes every connection of the revoked session, or of every session of the revoked user. */
  revoke(revocation: SessionRevocation): void {
    const matching = new Set<C>();
    if (revocation.sessionId !== undefined)
      for (const c of this.bySession.get(revocation.sessionId) ?? []) matching.add(c);
    if (revocation.userId !== undefined)
      for (const c of this.byUser.get(String(revocation.userId)) ?? []) matching.add(c);
    for (const connection of matching) this.end(connection, SESSION_CLOSE_REASONS.ended);
  }

  private arm(connection: C, entry: { session: ConnectionSession; timer?: NodeJS.Timeout }): void {
    const left = entry.session.expiresAt - this.now();
    if (left <= 0) {
      this.end(connection, SESSION_CLOSE_REASONS.expired);
      return;
    }
    entry.timer = setTimeout(() => this.arm(connection, entry), Math.min(left, MAX_TIMER_MS));
    entry.timer.unref();
  }

  private end(connection: C, reason: string): void {
    this.untrack(connection);
    connection.close(CLOSE_CODES.UNAUTHORIZED, reason);
  }
}

function add<C>(index: Map<string, Set<C>>, key: string, connection: C): void {
  let set = index.get(key);
  if (!set) {
    set = new Set();
    index.set(key, set);
  }
  set.add(connection);
}

function remove<C>(index: Map<string, Set<C>>, key: string, connection: C): void {
  const set = index.get(key);
  if (!set) return;
  set.delete(connection);
  if (set.size === 0) index.delete(key);
}
