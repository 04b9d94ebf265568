import { createMultiCursor } from './cursor-codec';
import { assertPositiveInteger } from './query-values';

/** Where a cursor page sits: how many items it has and the cursors to its neighbours (`null` when none). */
export interface CursorPaginationMeta {
  /** Rows in this page. */
  count: number;
  /** Whether a next page exists. */
  hasNext: boolean;
  /** Whether a previous page exists. */
  hasPrev: boolean;
  /** The cursor of the next page, or null. */
  nextCursor: string | null;
  /** The cursor of the previous page, or null. */
  prevCursor: string | null;
}

/** One cursor page: its items and the way to its neighbours. */
export interface CursorPaginatedResult<T> {
  /** The rows of this page. */
  data: T[];
  /** Where the page is, and the cursors to move on. */
  meta: CursorPaginationMeta;
}

/**
 * Turns `limit + 1` rows fetched after a cursor into a page: the extra row only says that a
 * next page exists. Cursors hold `cursorField` of the last (next) and first (prev) item.
 * For paging backwards or by a composite key, use {@link keysetQuery} and {@link keysetPage}.
 * @example
 * const rows = repo.findAfter(afterId, limit + 1);
 * return createCursorPaginatedResult(rows, limit, 'id', afterId !== undefined);
 */
export function createCursorPaginatedResult<T extends object>(
  rows: T[],
  limit: number,
  cursorField: keyof T & string = 'id' as keyof T & string,
  hadPrevCursor = false,
): CursorPaginatedResult<T> {
  assertPositiveInteger('limit', limit);
  const data = rows.slice(0, limit);
  const hasNext = rows.length > limit;
  return {
    data,
    meta: {
      count: data.length,
      hasNext,
      hasPrev: hadPrevCursor,
      nextCursor: hasNext ? createMultiCursor(data[data.length - 1], [cursorField]) : null,
      prevCursor: hadPrevCursor && data.length > 0 ? createMultiCursor(data[0], [cursorField]) : null,
    },
  };
}
