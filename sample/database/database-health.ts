import { DATABASE } from '../tokens';
import { Inject, Injectable } from '../trellis';
import type { SampleDatabase } from './connection';

/** Whether the database answers a trivial query. */
@Injectable()
export class DatabaseHealth {
  constructor(@Inject(DATABASE) private readonly db: SampleDatabase) {}

  /** True when `SELECT 1` succeeds. */
  isUp(): boolean {
    try {
      return this.db.prepare('SELECT 1 AS up').get() !== undefined;
    } catch {
      return false;
    }
  }
}
