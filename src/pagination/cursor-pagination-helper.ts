import { createMultiCursor, decodeMultiCursor } from './cursor-codec';
import { createCursorPaginatedResult } from './cursor-paginated-result';
import { setCursorSigningKey } from './cursor-signing-key';
import { keysetPage } from './keyset-page';
import { keysetQuery } from './keyset-query';
import { parseCursorQuery } from './parse-cursor-query';

/**
 * Cursor pagination: read `?cursor=&limit=&direction=`, make and read signed cursors, shape a
 * page. `setSigningKey` once at start-up, with the same key on every instance.
 */
export const CursorPaginationHelper = Object.freeze({
  parseCursorQuery,
  createCursorPaginatedResult,
  createMultiCursor,
  decodeMultiCursor,
  keysetQuery,
  keysetPage,
  setSigningKey: setCursorSigningKey,
});
