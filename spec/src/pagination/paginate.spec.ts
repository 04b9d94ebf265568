import { expect } from 'chai';
import { PaginationHelper, paginate } from '../../../src';
import { expectThrowsCoded } from '../../support/expect-code';

const items = (count: number) => Array.from({ length: count }, (_, i) => i);

describe('paginate', () => {
  describe('when the page is in the middle of the collection', () => {
    it('gives the meta of the contract (total 150, page 2, limit 10)', () => {
      const result = PaginationHelper.paginate(items(10), 150, 2, 10);
      expect(result).to.deep.equal({
        data: items(10),
        meta: {
          total: 150,
          page: 2,
          limit: 10,
          totalPages: 15,
          hasNext: true,
          hasPrev: true,
          from: 11,
          to: 20,
        },
      });
    });
  });

  describe('when the collection is empty', () => {
    it('has no pages and from 0, to 0', () => {
      expect(paginate([], 0, 1, 10).meta).to.deep.equal({
        total: 0,
        page: 1,
        limit: 10,
        totalPages: 0,
        hasNext: false,
        hasPrev: false,
        from: 0,
        to: 0,
      });
    });
  });

  describe('when the page is the first one', () => {
    it('has a next page and no previous one', () => {
      const { meta } = paginate(items(10), 25, 1, 10);
      expect(meta).to.include({ totalPages: 3, hasNext: true, hasPrev: false, from: 1, to: 10 });
    });
  });

  describe('when the last page is partial', () => {
    it('ends at the total and has no next page', () => {
      const { meta } = paginate(items(5), 25, 3, 10);
      expect(meta).to.include({ totalPages: 3, hasNext: false, hasPrev: true, from: 21, to: 25 });
    });
  });

  describe('when the page is past the end', () => {
    it('is empty with from 0, to 0 and still points back', () => {
      const { meta, data } = paginate([], 25, 7, 10);
      expect(data).to.deep.equal([]);
      expect(meta).to.include({ totalPages: 3, hasNext: false, hasPrev: true, from: 0, to: 0 });
    });
  });

  describe('when everything fits on one page', () => {
    it('has exactly one page', () => {
      expect(paginate(items(3), 3, 1, 10).meta).to.include({ totalPages: 1, hasNext: false, from: 1, to: 3 });
    });
  });

  describe('when the handler passes an impossible page, limit or total', () => {
    it('throws a RangeError (a server bug, not a client error)', () => {
      expect(() => paginate([], 10, 0, 10)).to.throw(RangeError, /page/);
      expect(() => paginate([], 10, 1, 0)).to.throw(RangeError, /limit/);
      expect(() => paginate([], 10, 1, 2.5)).to.throw(RangeError, /limit/);
      expect(() => paginate([], -1, 1, 10)).to.throw(RangeError, /total/);
      expect(() => paginate([], Number.NaN, 1, 10)).to.throw(RangeError, /total/);
      expectThrowsCoded(() => paginate([], 10, 0, 10), RangeError, 'TRELLIS_ERR_PAGE_NOT_POSITIVE');
      expectThrowsCoded(() => paginate([], -1, 1, 10), RangeError, 'TRELLIS_ERR_PAGE_TOTAL_INVALID');
    });
  });
});
