import { expect } from 'chai';
import { z } from 'zod';
import { isSchema } from '../../../src';

describe('isSchema()', () => {
  it('recognises zod schemas of every kind', () => {
    for (const schema of [
      z.string(),
      z.object({}),
      z.coerce.number(),
      z.string().optional(),
      z.enum(['a']),
    ]) {
      expect(isSchema(schema)).to.equal(true);
    }
  });

  it('refuses names and other values', () => {
    for (const value of ['id', undefined, null, 0, {}, { parse() {} }]) {
      expect(isSchema(value), String(value)).to.equal(false);
    }
  });
});
