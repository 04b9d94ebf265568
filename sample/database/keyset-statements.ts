import type { Statement } from 'better-sqlite3';
import type { KeysetPlan } from '../trellis';
import type { SampleDatabase } from './connection';

/** Builds the SQL of one keyset fetch: `where` is empty on a first page; `order` is `ASC` or `DESC`. */
export type KeysetSql = (where: string, order: 'ASC' | 'DESC') => string;

/**
 * The prepared statements of one keyset listing, one per shape a plan can take (first page or
 * after a cursor, ascending or descending), prepared on first use and reused after.
 * @example keyset.fetch(plan) // rows in fetch order, ready for keysetPage(rows, plan)
 */
export class KeysetStatements<Row> {
  private readonly prepared = new Map<string, Statement<unknown[], Row>>();

  constructor(
    private readonly db: SampleDatabase,
    /** The key columns in keyset order, e.g. `['t.created_at', 't.id']`. */
    private readonly columns: readonly string[],
    private readonly sql: KeysetSql,
  ) {}

  /** The rows the plan asks for (up to `plan.fetch`), in fetch order. */
  fetch<T>(plan: KeysetPlan<T>): Row[] {
    return this.statement(plan).all(...plan.values, plan.fetch);
  }

  private statement<T>(plan: KeysetPlan<T>): Statement<unknown[], Row> {
    const key = `${plan.comparison ?? ''}${plan.order}`;
    let statement = this.prepared.get(key);
    if (!statement) {
      // Only the plan's fixed comparison and order reach the SQL; cursor values are bound.
      const where = plan.comparison
        ? `WHERE (${this.columns.join(', ')}) ${plan.comparison} (${this.columns.map(() => '?').join(', ')})`
        : '';
      statement = this.db.prepare<unknown[], Row>(this.sql(where, plan.order === 'asc' ? 'ASC' : 'DESC'));
      this.prepared.set(key, statement);
    }
    return statement;
  }
}
