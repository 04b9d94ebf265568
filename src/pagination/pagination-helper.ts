import { paginate } from './paginate';
import { parsePaginationQuery } from './parse-pagination-query';

/** Offset pagination: read `?page=&limit=`, then wrap the fetched page with its meta. */
export const PaginationHelper = Object.freeze({ paginate, parsePaginationQuery });
