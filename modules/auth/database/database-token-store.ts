import type { Kysely } from 'kysely';
import type { AuthenticatedUser } from '../caller';
import { type NewSession, type RotationOutcome, TokenStore } from '../token-store';
import { Coalesced } from './coalesced';
import { SESSIONS_TABLE } from './database-session-tables';

/**
 * Sessions in the application's database (the `database` module's): a restart keeps users
 * logged in, and every instance on the database sees the same sessions. `rotate` is one
 * conditional update, so of two racing refreshes exactly one wins.
 */
export class DatabaseTokenStore extends TokenStore {
  private readonly lookups = new Coalesced<boolean>();

  constructor(
    private readonly db: Kysely<any>,
    private readonly now: () => number = Date.now,
  ) {
    super();
  }

  override async createSession({ sessionId, userId, refreshJti, ttl }: NewSession): Promise<void> {
    await this.db
      .insertInto(SESSIONS_TABLE)
      .values({
        session_id: sessionId,
        user_id: String(userId),
        refresh_jti: refreshJti,
        expires_at: this.expiry(ttl),
      })
      .execute();
  }

  override async rotate(
    sessionId: string,
    presentedJti: string,
    nextJti: string,
    ttl: number,
  ): Promise<RotationOutcome> {
    const rotated = await this.db
      .updateTable(SESSIONS_TABLE)
      .set({ refresh_jti: nextJti, expires_at: this.expiry(ttl) })
      .where('session_id', '=', sessionId)
      .where('refresh_jti', '=', presentedJti)
      .where('expires_at', '>', this.now())
      .executeTakeFirst();
    if (Number(rotated.numUpdatedRows) > 0) return 'rotated';
    // Not the current token: an older one replayed ends the session; a gone session is unknown.
    const ended = await this.db
      .deleteFrom(SESSIONS_TABLE)
      .where('session_id', '=', sessionId)
      .where('expires_at', '>', this.now())
      .executeTakeFirst();
    return Number(ended.numDeletedRows) > 0 ? 'reused' : 'unknown';
  }

  override isActive(sessionId: string): Promise<boolean> {
    return this.lookups.get(sessionId, async () => {
      const row = await this.db
        .selectFrom(SESSIONS_TABLE)
        .select('session_id')
        .where('session_id', '=', sessionId)
        .where('expires_at', '>', this.now())
        .executeTakeFirst();
      return row !== undefined;
    });
  }

  override async endSession(sessionId: string): Promise<void> {
    await this.db.deleteFrom(SESSIONS_TABLE).where('session_id', '=', sessionId).execute();
  }

  override async endUserSessions(userId: AuthenticatedUser['id']): Promise<void> {
    await this.db.deleteFrom(SESSIONS_TABLE).where('user_id', '=', String(userId)).execute();
  }

  private expiry(ttlSeconds: number): number {
    return this.now() + ttlSeconds * 1000;
  }
}
