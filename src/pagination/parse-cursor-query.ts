import { BadRequestException } from '../kernel';
import { assertPositiveInteger, positiveInteger } from './query-values';

/** Which way to page from the cursor: `next` (further in display order) or `prev` (back). */
export type CursorDirection = 'next' | 'prev';

/** What a cursor-paginated request asks for. */
export interface CursorQuery {
  /** Where to start, absent for the first page. */
  cursor?: string;
  /** Rows per page, capped. */
  limit: number;
  /** `'next'` (default) or `'prev'`. */
  direction: CursorDirection;
}

/**
 * Reads `?cursor=&limit=&direction=`. The limit follows the offset rules (invalid -> default,
 * capped at `maxLimit`); a direction other than `prev` is `next`; an empty cursor is no cursor.
 * A cursor given more than once is a 400. The cursor is decoded later, by the handler.
 * @example parseCursorQuery({ cursor: 'eyJ...', direction: 'prev' }); // { cursor, limit: 20, direction: 'prev' }
 */
export function parseCursorQuery(
  query: Record<string, unknown> | undefined,
  defaultLimit = 20,
  maxLimit = 100,
): CursorQuery {
  assertPositiveInteger('defaultLimit', defaultLimit);
  assertPositiveInteger('maxLimit', maxLimit);
  const limit = Math.min(positiveInteger(query?.limit) ?? defaultLimit, maxLimit);
  const direction: CursorDirection = query?.direction === 'prev' ? 'prev' : 'next';
  const cursor = query?.cursor;
  if (cursor === undefined || cursor === '') return { limit, direction };
  if (typeof cursor !== 'string') throw new BadRequestException('Invalid cursor');
  return { cursor, limit, direction };
}
