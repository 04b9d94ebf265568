import { expect } from 'chai';
import {
  CursorPaginationHelper,
  createCursorPaginatedResult,
  decodeMultiCursor,
  setCursorSigningKey,
} from '../../../src';

const rows = (ids: number[]) => ids.map((id) => ({ id, name: `user ${id}` }));

describe('createCursorPaginatedResult', () => {
  before(() => setCursorSigningKey('a-test-signing-key-of-at-least-32-bytes!'));

  describe('when limit + 1 rows were fetched', () => {
    it('returns limit items, a next page and a cursor to the last item', () => {
      const result = CursorPaginationHelper.createCursorPaginatedResult(rows([1, 2, 3, 4]), 3);
      expect(result.data).to.deep.equal(rows([1, 2, 3]));
      expect(result.meta).to.include({ count: 3, hasNext: true, hasPrev: false, prevCursor: null });
      expect(decodeMultiCursor(result.meta.nextCursor)).to.deep.equal({ id: 3 });
    });
  });

  describe('when at most limit rows were fetched', () => {
    it('has no next page and a null next cursor', () => {
      const result = createCursorPaginatedResult(rows([7, 8]), 3);
      expect(result).to.deep.equal({
        data: rows([7, 8]),
        meta: { count: 2, hasNext: false, hasPrev: false, nextCursor: null, prevCursor: null },
      });
    });
  });

  describe('when the request came with a cursor', () => {
    it('has a previous page and a cursor to the first item', () => {
      const result = createCursorPaginatedResult(rows([4, 5, 6, 7]), 3, 'id', true);
      expect(result.meta.hasPrev).to.equal(true);
      expect(decodeMultiCursor(result.meta.prevCursor)).to.deep.equal({ id: 4 });
      expect(decodeMultiCursor(result.meta.nextCursor)).to.deep.equal({ id: 6 });
    });
  });

  describe('when another field is the cursor', () => {
    it('puts that field in the cursors', () => {
      const result = createCursorPaginatedResult(rows([1, 2]), 1, 'name');
      expect(decodeMultiCursor(result.meta.nextCursor)).to.deep.equal({ name: 'user 1' });
    });
  });

  describe('when nothing was fetched', () => {
    it('is an empty page with null cursors', () => {
      expect(createCursorPaginatedResult([], 10).meta).to.deep.equal({
        count: 0,
        hasNext: false,
        hasPrev: false,
        nextCursor: null,
        prevCursor: null,
      });
    });
  });

  describe('when the handler passes an impossible limit', () => {
    it('throws a RangeError', () => {
      expect(() => createCursorPaginatedResult(rows([1]), 0)).to.throw(RangeError);
    });
  });
});
