export { type CursorFields, type CursorValue, createMultiCursor, decodeMultiCursor } from './cursor-codec';
export {
  type CursorPaginatedResult,
  type CursorPaginationMeta,
  createCursorPaginatedResult,
} from './cursor-paginated-result';
export { CursorPaginationHelper } from './cursor-pagination-helper';
export { setCursorSigningKey } from './cursor-signing-key';
export { compareKeys, type KeysetOrder } from './keyset-order';
export { keysetPage } from './keyset-page';
export { type KeysetPlan, keysetQuery } from './keyset-query';
export { type PaginatedResult, type PaginationMeta, paginate } from './paginate';
export { PaginationHelper } from './pagination-helper';
export { type CursorDirection, type CursorQuery, parseCursorQuery } from './parse-cursor-query';
export { type PaginationQuery, parsePaginationQuery } from './parse-pagination-query';
