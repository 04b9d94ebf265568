import { expect } from 'chai';
import { BadRequestException, CursorPaginationHelper, parseCursorQuery } from '../../../src';

describe('parseCursorQuery', () => {
  describe('when the query is empty', () => {
    it('gives no cursor, the default limit and direction next', () => {
      expect(parseCursorQuery({})).to.deep.equal({ limit: 20, direction: 'next' });
      expect(CursorPaginationHelper.parseCursorQuery(undefined, 5)).to.deep.equal({
        limit: 5,
        direction: 'next',
      });
    });
  });

  describe('when cursor, limit and direction are given', () => {
    it('reads them', () => {
      expect(parseCursorQuery({ cursor: 'abc.def', limit: '7', direction: 'prev' })).to.deep.equal({
        cursor: 'abc.def',
        limit: 7,
        direction: 'prev',
      });
    });
  });

  describe('when the limit is invalid or too large', () => {
    it('uses the default, and caps at maxLimit', () => {
      expect(parseCursorQuery({ limit: '0' }).limit).to.equal(20);
      expect(parseCursorQuery({ limit: '-4' }).limit).to.equal(20);
      expect(parseCursorQuery({ limit: 'ten' }).limit).to.equal(20);
      expect(parseCursorQuery({ limit: '1000' }).limit).to.equal(100);
      expect(parseCursorQuery({ limit: '40' }, 20, 30).limit).to.equal(30);
    });
  });

  describe('when the direction is anything but prev', () => {
    it('pages forward', () => {
      for (const direction of ['next', 'back', 'PREV', '', ['prev', 'prev'], undefined]) {
        expect(parseCursorQuery({ direction }).direction).to.equal('next');
      }
    });
  });

  describe('when the cursor is empty', () => {
    it('is treated as no cursor (the first page)', () => {
      expect(parseCursorQuery({ cursor: '' })).to.deep.equal({ limit: 20, direction: 'next' });
    });
  });

  describe('when the cursor is given twice or as an object', () => {
    it('throws a 400 BadRequestException', () => {
      for (const cursor of [['a', 'b'], { x: 'y' }]) {
        expect(() => parseCursorQuery({ cursor }))
          .to.throw(BadRequestException, 'Invalid cursor')
          .with.property('statusCode', 400);
      }
    });
  });
});
