import { createHmac } from 'node:crypto';
import { expect } from 'chai';
import {
  BadRequestException,
  CursorPaginationHelper,
  createMultiCursor,
  decodeMultiCursor,
  setCursorSigningKey,
} from '../../../src';
import { expectThrowsCoded } from '../../support/expect-code';

const KEY = 'a-test-signing-key-of-at-least-32-bytes!';

function forge(payloadJson: string, key = KEY): string {
  const payload = Buffer.from(payloadJson, 'utf8').toString('base64url');
  return `${payload}.${createHmac('sha256', key).update(payload).digest('base64url')}`;
}

function expectInvalid(cursor: unknown): void {
  expect(() => decodeMultiCursor(cursor))
    .to.throw(BadRequestException, 'Invalid cursor')
    .with.property('statusCode', 400);
}

describe('cursor codec', () => {
  beforeEach(() => setCursorSigningKey(KEY));

  describe('when a cursor is made from an item', () => {
    const item = {
      id: 42,
      createdAt: new Date('2024-03-01T10:20:30.456Z'),
      title: 'ünïcødé & spaces/?#',
      done: false,
      parent: null,
      big: 12345678901234567890n,
      ignored: 'not in the cursor',
    };

    it('is an opaque URL-safe string', () => {
      const cursor = CursorPaginationHelper.createMultiCursor(item, ['createdAt', 'id', 'title']);
      expect(cursor).to.match(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
      expect(encodeURIComponent(cursor)).to.equal(cursor);
      expect(cursor).not.to.include('title');
    });

    it('decodes to the same fields with the same types (a Date stays a Date)', () => {
      const cursor = createMultiCursor(item, ['createdAt', 'id', 'title', 'done', 'parent', 'big']);
      const fields = CursorPaginationHelper.decodeMultiCursor(cursor);
      expect(fields).to.deep.equal({
        createdAt: item.createdAt,
        id: 42,
        title: item.title,
        done: false,
        parent: null,
        big: 12345678901234567890n,
      });
      expect(fields.createdAt).to.be.instanceOf(Date);
      expect(fields).not.to.have.property('ignored');
    });

    it('keeps a numeric-looking string a string', () => {
      expect(decodeMultiCursor(createMultiCursor({ id: '7' }, ['id']))).to.deep.equal({ id: '7' });
    });
  });

  describe('when the item cannot be put in a cursor', () => {
    it('throws a coded TypeError (a server bug, not a client error)', () => {
      const none = expectThrowsCoded(
        () => createMultiCursor({ id: 1 }, []),
        TypeError,
        'TRELLIS_ERR_CURSOR_WITHOUT_FIELDS',
      );
      expect(none.message).to.equal('A cursor needs at least one field');
      const missing = expectThrowsCoded(
        () => createMultiCursor({ id: 1 } as { id: number; x?: number }, ['x']),
        TypeError,
        'TRELLIS_ERR_CURSOR_FIELD_MISSING',
      );
      expect(missing.message).to.equal("Cursor field 'x' is missing from the item");
      for (const item of [{ id: undefined }, { id: Number.NaN }, { id: new Date('nope') }, { id: ['a'] }])
        expectThrowsCoded(() => createMultiCursor(item, ['id']), TypeError, 'TRELLIS_ERR_CURSOR_FIELD_TYPE');
    });
  });

  describe('when the cursor is malformed', () => {
    for (const cursor of [
      undefined,
      null,
      42,
      ['a.b'],
      '',
      'abc',
      'a.b.c',
      'a b.c',
      '%%%.%%%',
      '.',
      'x'.repeat(3000),
    ]) {
      it(`rejects ${JSON.stringify(cursor)?.slice(0, 30)} with a 400`, () => expectInvalid(cursor));
    }
  });

  describe('when a valid cursor is tampered with', () => {
    const cursor = () => createMultiCursor({ id: 5, createdAt: new Date(0) }, ['createdAt', 'id']);

    it('rejects an edited payload', () => {
      const [payload, signature] = cursor().split('.');
      const edited = Buffer.from(
        Buffer.from(payload, 'base64url').toString('utf8').replace('5', '6'),
        'utf8',
      ).toString('base64url');
      expect(edited).not.to.equal(payload);
      expectInvalid(`${edited}.${signature}`);
    });

    it('rejects a changed, truncated or lengthened signature', () => {
      const [payload, signature] = cursor().split('.');
      const flipped = signature[0] === 'A' ? `B${signature.slice(1)}` : `A${signature.slice(1)}`;
      expectInvalid(`${payload}.${flipped}`);
      expectInvalid(`${payload}.${signature.slice(0, -2)}`);
      expectInvalid(`${payload}.${signature}AA`);
    });

    it('rejects a cursor forged with another key', () => {
      expectInvalid(forge('[["id","n",1]]', 'some-other-key-that-is-32-bytes-long!!'));
    });

    it('rejects a cursor made before the key changed', () => {
      const old = cursor();
      setCursorSigningKey('a-brand-new-signing-key-of-32-bytes-or-more');
      expectInvalid(old);
    });
  });

  // Signed with the real key: what a leaked key or a future format change could produce.
  describe('when a correctly signed payload has the wrong structure', () => {
    const payloads = {
      'not JSON': '{oops',
      'an object': '{"id":1}',
      'an empty list': '[]',
      'an entry of the wrong length': '[["id","n"]]',
      'an unknown tag': '[["id","x",1]]',
      'a tag from the prototype': '[["id","constructor",1]]',
      'a number tag with a string': '[["id","n","1"]]',
      'a date tag with a string': '[["at","d","2024-01-01"]]',
      'an out-of-range date': '[["at","d",1e20]]',
      'a bigint tag with a non-integer': '[["big","i","1.5"]]',
      'a null tag with a value': '[["p","z",0]]',
      'an empty field name': '[["","n",1]]',
      'a duplicate field': '[["id","n",1],["id","n",2]]',
    };
    for (const [label, json] of Object.entries(payloads)) {
      it(`rejects ${label} with a 400`, () => expectInvalid(forge(json)));
    }

    it('never lets a field named __proto__ reach the prototype', () => {
      const fields = decodeMultiCursor(forge('[["__proto__","s","polluted"]]'));
      expect(Object.getPrototypeOf(fields)).to.equal(Object.prototype);
      expect(Object.hasOwn(fields, '__proto__')).to.equal(true);
      expect(({} as Record<string, unknown>).polluted).to.equal(undefined);
    });
  });

  describe('when the signing key is too short', () => {
    it('throws a RangeError', () => {
      expect(() => setCursorSigningKey('short')).to.throw(RangeError, /32 bytes/);
      expectThrowsCoded(
        () => CursorPaginationHelper.setSigningKey(Buffer.alloc(16)),
        RangeError,
        'TRELLIS_ERR_CURSOR_KEY_TOO_SHORT',
      );
    });
  });

  describe('when no signing key was ever set', () => {
    const modulePath = require.resolve('../../../src/pagination/cursor-signing-key');
    let fresh: typeof import('../../../src/pagination/cursor-signing-key');
    let saved: NodeJS.Module | undefined;
    beforeEach(() => {
      saved = require.cache[modulePath];
      delete require.cache[modulePath];
      fresh = require(modulePath);
    });
    afterEach(() => {
      if (saved) require.cache[modulePath] = saved;
    });

    it('signs with a random per-process key and warns once that cursors will not survive a restart', async () => {
      const warnings: Error[] = [];
      const onWarning = (warning: Error) => warnings.push(warning);
      process.on('warning', onWarning);
      try {
        const signature = fresh.signCursorPayload('payload');
        expect(fresh.verifyCursorPayload('payload', signature)).to.equal(true);
        expect(fresh.verifyCursorPayload('other', signature)).to.equal(false);
        fresh.signCursorPayload('again');
        await new Promise((resolve) => setImmediate(resolve));
      } finally {
        process.off('warning', onWarning);
      }
      const ours = warnings.filter((w) => (w as Error & { code?: string }).code === 'TRELLIS_CURSOR_KEY');
      expect(ours).to.have.length(1);
      expect(ours[0].message).to.match(/restart/);
    });
  });
});
