import { expect } from 'chai';
import { PaginationHelper, parsePaginationQuery } from '../../../src';

describe('parsePaginationQuery', () => {
  describe('when the query is empty or missing', () => {
    it('gives page 1 and the default limit', () => {
      expect(PaginationHelper.parsePaginationQuery({})).to.deep.equal({ page: 1, limit: 10 });
      expect(parsePaginationQuery(undefined)).to.deep.equal({ page: 1, limit: 10 });
      expect(parsePaginationQuery({}, 25)).to.deep.equal({ page: 1, limit: 25 });
    });
  });

  describe('when page and limit are valid strings', () => {
    it('reads them as numbers', () => {
      expect(parsePaginationQuery({ page: '3', limit: '15' })).to.deep.equal({ page: 3, limit: 15 });
      expect(parsePaginationQuery({ page: ' 2 ', limit: '7' })).to.deep.equal({ page: 2, limit: 7 });
    });
  });

  describe('when they are already numbers (a coerced query schema)', () => {
    it('keeps them', () => {
      expect(parsePaginationQuery({ page: 4, limit: 20 })).to.deep.equal({ page: 4, limit: 20 });
    });
  });

  describe('when the limit is 0, negative, fractional or not a number', () => {
    for (const limit of [
      '0',
      '-5',
      '2.5',
      'abc',
      '10abc',
      '',
      '1e3',
      ['5', '6'],
      { a: 1 },
      -3,
      0,
      Number.NaN,
    ]) {
      it(`uses the default limit for ${JSON.stringify(limit)}`, () => {
        expect(parsePaginationQuery({ limit }).limit).to.equal(10);
      });
    }
  });

  describe('when the page is invalid', () => {
    for (const page of ['0', '-1', 'x', '1.5', ['2', '3'], '99999999999999999999']) {
      it(`uses page 1 for ${JSON.stringify(page)}`, () => {
        expect(parsePaginationQuery({ page }).page).to.equal(1);
      });
    }
  });

  describe('when the limit is above the maximum', () => {
    it('caps it at maxLimit', () => {
      expect(parsePaginationQuery({ limit: '500' })).to.deep.equal({ page: 1, limit: 100 });
      expect(parsePaginationQuery({ limit: '51' }, 10, 50).limit).to.equal(50);
      expect(parsePaginationQuery({ limit: '50' }, 10, 50).limit).to.equal(50);
    });

    it('caps a default that is above the maximum too', () => {
      expect(parsePaginationQuery({}, 80, 50).limit).to.equal(50);
    });
  });

  describe('when the handler passes an impossible default or maximum', () => {
    it('throws a RangeError', () => {
      expect(() => parsePaginationQuery({}, 0)).to.throw(RangeError);
      expect(() => parsePaginationQuery({}, 10, -1)).to.throw(RangeError);
    });
  });
});
