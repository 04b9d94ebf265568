import { sql } from 'kysely';
import { Database, Inject, Injectable } from '../trellis';
import type { SampleDatabase } from './schema';

/** Whether the database answers a trivial query. */
@Injectable()
export class DatabaseHealth {
  constructor(@Inject(Database) private readonly db: SampleDatabase) {}

  /** True when `SELECT 1` succeeds. */
  async isUp(): Promise<boolean> {
    try {
      await sql`SELECT 1`.execute(this.db);
      return true;
    } catch {
      return false;
    }
  }
}
