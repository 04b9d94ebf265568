import { expect } from 'chai';
import {
  BadRequestException,
  type CursorPaginatedResult,
  CursorPaginationHelper,
  createMultiCursor,
  type KeysetOrder,
  keysetPage,
  keysetQuery,
  parseCursorQuery,
  setCursorSigningKey,
} from '../../../src';
import { displayed, fetchWindow, makeTasks, NEWEST_FIRST, type TaskRow } from './task-rows';

type Page = CursorPaginatedResult<TaskRow>;

const TASKS = makeTasks(11);
const OLDEST_FIRST: KeysetOrder<TaskRow> = { keys: ['createdAt', 'id'], order: 'asc' };

// What a handler does: read the query, plan, fetch limit + 1 rows in the planned order, shape.
function list(query: Record<string, unknown>, limit: number, order = NEWEST_FIRST): Page {
  const plan = keysetQuery(parseCursorQuery(query, limit), order);
  return keysetPage(fetchWindow(TASKS, plan), plan);
}

function walkForward(limit: number, order: KeysetOrder<TaskRow>): Page[] {
  const pages = [list({}, limit, order)];
  for (let i = 0; i < TASKS.length && pages[pages.length - 1].meta.nextCursor; i++) {
    pages.push(list({ cursor: pages[pages.length - 1].meta.nextCursor }, limit, order));
  }
  return pages;
}

function walkBack(from: Page, limit: number, order: KeysetOrder<TaskRow>): Page[] {
  const pages = [from];
  for (let i = 0; i < TASKS.length && pages[0].meta.prevCursor; i++) {
    pages.unshift(list({ cursor: pages[0].meta.prevCursor, direction: 'prev' }, limit, order));
  }
  return pages;
}

describe('keyset pagination over (createdAt, id)', () => {
  before(() => setCursorSigningKey('a-test-signing-key-of-at-least-32-bytes!'));

  it('uses a list where timestamps tie and ids do not follow them', () => {
    const times = TASKS.map((task) => task.createdAt.getTime());
    expect(new Set(times).size).to.be.lessThan(TASKS.length);
    const ids = displayed(TASKS, NEWEST_FIRST).map((task) => task.id);
    expect(ids).not.to.deep.equal([...ids].sort((a, b) => b - a));
  });

  for (const order of [NEWEST_FIRST, OLDEST_FIRST]) {
    for (const limit of [1, 2, 3, 4, 10, 11, 12]) {
      describe(`when ${order.order === 'desc' ? 'newest' : 'oldest'} first, ${limit} per page`, () => {
        const expected = displayed(TASKS, order);
        let forward: Page[];
        before(() => {
          forward = walkForward(limit, order);
        });

        it('pages forward to the end with no row missing, none repeated, in a stable order', () => {
          expect(forward.flatMap((page) => page.data)).to.deep.equal(expected);
          expect(forward).to.have.length(Math.ceil(TASKS.length / limit));
          for (const page of forward.slice(0, -1)) expect(page.meta.count).to.equal(limit);
        });

        it('says which neighbours exist, with null cursors at both ends', () => {
          const first = forward[0].meta;
          const last = forward[forward.length - 1].meta;
          expect(first.hasPrev).to.equal(false);
          expect(first.prevCursor).to.equal(null);
          expect(last.hasNext).to.equal(false);
          expect(last.nextCursor).to.equal(null);
          for (const page of forward.slice(1)) expect(page.meta.hasPrev).to.equal(true);
          for (const page of forward.slice(0, -1)) expect(page.meta.hasNext).to.equal(true);
        });

        it('pages back from the end to the start giving exactly each previous page', () => {
          const back = walkBack(forward[forward.length - 1], limit, order);
          expect(back).to.deep.equal(forward);
        });
      });
    }
  }

  describe('when the client turns around in the middle', () => {
    it('goes back to the page it came from, then forward again to the same page', () => {
      const [first, second, third] = walkForward(3, NEWEST_FIRST);
      const backToSecond = list({ cursor: third.meta.prevCursor, direction: 'prev' }, 3);
      expect(backToSecond).to.deep.equal(second);
      const backToFirst = list({ cursor: backToSecond.meta.prevCursor, direction: 'prev' }, 3);
      expect(backToFirst).to.deep.equal(first);
      expect(list({ cursor: backToFirst.meta.nextCursor }, 3)).to.deep.equal(second);
    });
  });

  describe('when the list is empty', () => {
    it('is one empty page with no neighbours', () => {
      const plan = keysetQuery({ limit: 5, direction: 'next' }, NEWEST_FIRST);
      expect(keysetPage([], plan)).to.deep.equal({
        data: [],
        meta: { count: 0, hasNext: false, hasPrev: false, nextCursor: null, prevCursor: null },
      });
    });
  });

  describe('when prev is asked without a cursor', () => {
    it('gives the first page', () => {
      expect(list({ direction: 'prev' }, 4)).to.deep.equal(list({}, 4));
    });
  });

  describe('when a plan is made', () => {
    it('seeks below the cursor newest first, and above it in reverse when paging back', () => {
      const task = TASKS[4];
      const cursor = createMultiCursor(task, ['createdAt', 'id']);
      const next = CursorPaginationHelper.keysetQuery({ cursor, limit: 5, direction: 'next' }, NEWEST_FIRST);
      expect(next).to.include({ direction: 'next', comparison: '<', order: 'desc', limit: 5, fetch: 6 });
      expect(next.values).to.deep.equal([task.createdAt, task.id]);
      expect(next.values[0]).to.be.instanceOf(Date);
      const prev = keysetQuery({ cursor, limit: 5, direction: 'prev' }, NEWEST_FIRST);
      expect(prev).to.include({ direction: 'prev', comparison: '>', order: 'asc' });
      expect(keysetQuery({ cursor, limit: 5, direction: 'next' }, OLDEST_FIRST)).to.include({
        comparison: '>',
        order: 'asc',
      });
    });

    it('has no comparison and no values on the first page', () => {
      const plan = keysetQuery({ limit: 5, direction: 'next' }, NEWEST_FIRST);
      expect(plan).to.deep.equal({
        keyset: NEWEST_FIRST,
        limit: 5,
        fetch: 6,
        direction: 'next',
        values: [],
        order: 'desc',
      });
    });
  });

  describe('when the cursor is tampered with or was made for other keys', () => {
    it('is a 400 BadRequestException', () => {
      const other = [
        'garbage',
        createMultiCursor({ id: 3 }, ['id']),
        createMultiCursor({ id: 3, createdAt: new Date(), title: 'x' }, ['createdAt', 'id', 'title']),
        createMultiCursor({ id: 3, createdAt: null }, ['createdAt', 'id']),
      ];
      for (const cursor of other) {
        expect(() => keysetQuery({ cursor, limit: 3, direction: 'next' }, NEWEST_FIRST))
          .to.throw(BadRequestException, 'Invalid cursor')
          .with.property('statusCode', 400);
      }
    });
  });
});
