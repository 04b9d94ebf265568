import {
  type CursorPaginatedResult,
  type KeysetOrder,
  type KeysetPlan,
  keysetPage,
  keysetQuery,
  type PaginatedResult,
  paginate,
  parseCursorQuery,
  parsePaginationQuery,
} from '../trellis';
import { type ListQuery, MAX_PAGE_SIZE } from './list-query';

const OFFSET_PAGE_SIZE = 10;
const CURSOR_PAGE_SIZE = 20;

/** An offset page or a cursor page, as the query asked. */
export type ListPage<T> = PaginatedResult<T> | CursorPaginatedResult<T>;

/** What a repository offers for listing: a count, offset pages, and keyset reads in one order. */
export interface Listing<T> {
  readonly order: KeysetOrder<T>;
  count(): Promise<number>;
  page(offset: number, limit: number): Promise<T[]>;
  seek(plan: KeysetPlan<T>): Promise<T[]>;
}

/**
 * One page of `listing`: offset pagination when the query has `page`, cursor pagination
 * (forward or back from a signed cursor) otherwise.
 * @example listPage({ limit: 5, direction: 'prev', cursor }, tasksListing)
 */
export async function listPage<T extends object>(
  query: ListQuery,
  listing: Listing<T>,
): Promise<ListPage<T>> {
  if (query.page !== undefined) {
    const { page, limit } = parsePaginationQuery(query, OFFSET_PAGE_SIZE, MAX_PAGE_SIZE);
    const [rows, total] = await Promise.all([listing.page((page - 1) * limit, limit), listing.count()]);
    return paginate(rows, total, page, limit);
  }
  // Planned before any query: a malformed cursor is a 400 without touching the database.
  const plan = keysetQuery(parseCursorQuery(query, CURSOR_PAGE_SIZE, MAX_PAGE_SIZE), listing.order);
  return keysetPage(await listing.seek(plan), plan);
}

/** The same page with each item mapped (records to their public view). */
export function mapPage<T, U>(page: ListPage<T>, map: (item: T) => U): ListPage<U> {
  return { ...page, data: page.data.map(map) } as ListPage<U>;
}
