import { createMultiCursor } from './cursor-codec';
import type { CursorPaginatedResult } from './cursor-paginated-result';
import type { KeysetPlan } from './keyset-query';

/**
 * Shapes the rows fetched for a {@link keysetQuery} plan (up to `plan.fetch`, in fetch order)
 * into the page in display order. Forward, the extra row means a next page; back, it means a
 * previous page, and a page reached from a cursor always has a neighbour on the cursor's side.
 * Cursors hold every key of the first (prev) and last (next) item; `null` when there is none.
 * @example return keysetPage(rows, plan);
 */
export function keysetPage<T extends object>(rows: T[], plan: KeysetPlan<T>): CursorPaginatedResult<T> {
  const window = rows.slice(0, plan.limit);
  const more = rows.length > plan.limit;
  const back = plan.direction === 'prev';
  const data = back ? window.reverse() : window;
  const fromCursor = plan.position !== undefined;
  const hasNext = data.length > 0 && (back ? fromCursor : more);
  const hasPrev = data.length > 0 && (back ? more : fromCursor);
  const { keys } = plan.keyset;
  return {
    data,
    meta: {
      count: data.length,
      hasNext,
      hasPrev,
      nextCursor: hasNext ? createMultiCursor(data[data.length - 1], keys) : null,
      prevCursor: hasPrev ? createMultiCursor(data[0], keys) : null,
    },
  };
}
