import { assertPositiveInteger, positiveInteger } from './query-values';

/** The page and page size an offset-paginated request asks for. */
export interface PaginationQuery {
  /** The page, from 1. */
  page: number;
  /** Rows per page, capped. */
  limit: number;
}

/**
 * Reads `?page=&limit=` leniently: a missing or invalid page is 1, a missing or invalid limit
 * (0, negative, not a number) is `defaultLimit`, and a limit above `maxLimit` is `maxLimit`.
 * @example parsePaginationQuery({ page: '3', limit: '500' }); // { page: 3, limit: 100 }
 */
export function parsePaginationQuery(
  query: Record<string, unknown> | undefined,
  defaultLimit = 10,
  maxLimit = 100,
): PaginationQuery {
  assertPositiveInteger('defaultLimit', defaultLimit);
  assertPositiveInteger('maxLimit', maxLimit);
  const page = positiveInteger(query?.page) ?? 1;
  const limit = Math.min(positiveInteger(query?.limit) ?? defaultLimit, maxLimit);
  return { page, limit };
}
