import type { Kysely } from 'kysely';
import { TokenDenyList } from '../token-deny-list';
import { Coalesced } from './coalesced';
import { DENIED_TOKENS_TABLE } from './database-session-tables';

/** Logged-out access tokens in the application's database: still refused after a restart. */
export class DatabaseTokenDenyList extends TokenDenyList {
  private readonly lookups = new Coalesced<boolean>();

  constructor(
    private readonly db: Kysely<any>,
    private readonly now: () => number = Date.now,
  ) {
    super();
  }

  override async add(jti: string, exp: number): Promise<void> {
    await this.db
      .insertInto(DENIED_TOKENS_TABLE)
      .values({ jti, expires_at: exp * 1000 })
      .onConflict((conflict) => conflict.column('jti').doNothing())
      .execute();
    // Expired entries are deleted by purgeExpiredSessions, off the request path.
  }

  override has(jti: string): Promise<boolean> {
    return this.lookups.get(jti, async () => {
      const row = await this.db
        .selectFrom(DENIED_TOKENS_TABLE)
        .select('jti')
        .where('jti', '=', jti)
        .where('expires_at', '>', this.now())
        .executeTakeFirst();
      return row !== undefined;
    });
  }
}
