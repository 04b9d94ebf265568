import { PageTotalInvalidError } from './pagination-errors';
import { assertPositiveInteger } from './query-values';

/** Where an offset page sits in the whole collection. */
export interface PaginationMeta {
  /** Rows in all. */
  total: number;
  /** This page, from 1. */
  page: number;
  /** Rows per page. */
  limit: number;
  /** Pages in all. */
  totalPages: number;
  /** Whether a next page exists. */
  hasNext: boolean;
  /** Whether a previous page exists. */
  hasPrev: boolean;
  /** 1-based position of the first item of the page; 0 when the page is empty. */
  from: number;
  /** 1-based position of the last item of the page; 0 when the page is empty. */
  to: number;
}

/** One offset page: its items and where it sits. */
export interface PaginatedResult<T> {
  /** The rows of this page. */
  data: T[];
  /** Where the page is in the whole. */
  meta: PaginationMeta;
}

/**
 * Wraps one page of items (fetched with `OFFSET (page - 1) * limit LIMIT limit`) with its meta.
 * An empty page, a page past the end or a total of 0 gives `from: 0, to: 0`.
 * @example
 * paginate(rows, 150, 2, 10).meta; // { total: 150, page: 2, limit: 10, totalPages: 15,
 *                                  //   hasNext: true, hasPrev: true, from: 11, to: 20 }
 */
export function paginate<T>(data: T[], total: number, page: number, limit: number): PaginatedResult<T> {
  assertPositiveInteger('page', page);
  assertPositiveInteger('limit', limit);
  if (!Number.isSafeInteger(total) || total < 0) {
    throw new PageTotalInvalidError(total);
  }
  const totalPages = Math.ceil(total / limit);
  const offset = (page - 1) * limit;
  const onPage = data.length > 0 && offset < total;
  return {
    data,
    meta: {
      total,
      page,
      limit,
      totalPages,
      hasNext: page < totalPages,
      hasPrev: page > 1,
      from: onPage ? offset + 1 : 0,
      to: onPage ? Math.min(offset + limit, total) : 0,
    },
  };
}
