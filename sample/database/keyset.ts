import type { ExpressionBuilder, SelectQueryBuilder } from 'kysely';
import type { KeysetPlan } from '../trellis';

/**
 * Narrows and orders `query` as a keyset plan asks: after the cursor's `(key columns)` when it
 * has one (one row comparison, which the `(key columns)` index serves), in the plan's order,
 * `plan.fetch` rows.
 * @example seek(db.selectFrom('users').selectAll(), ['id'], plan)
 */
export function seek<DB, TB extends keyof DB, O, T>(
  query: SelectQueryBuilder<DB, TB, O>,
  columns: readonly string[],
  plan: KeysetPlan<T>,
): SelectQueryBuilder<DB, TB, O> {
  let narrowed = query;
  if (plan.comparison) {
    const comparison = plan.comparison;
    const values = plan.values as unknown[];
    narrowed = narrowed.where((eb: ExpressionBuilder<DB, TB>) =>
      columns.length === 1
        ? eb(columns[0] as never, comparison, values[0] as never)
        : eb(
            eb.refTuple(...(columns as [never, never])),
            comparison,
            eb.tuple(...(values as [never, never])),
          ),
    );
  }
  for (const column of columns) narrowed = narrowed.orderBy(column as never, plan.order);
  return narrowed.limit(plan.fetch);
}
