import { expect } from 'chai';
import { z } from 'zod';
import { nullAsAbsent } from '../../../src/graphql/null-as-absent';

describe('nullAsAbsent(schema, value)', () => {
  const Input = z.object({
    title: z.string(),
    note: z.string().optional(),
    due: z.string().nullable(),
    tags: z.array(z.object({ name: z.string(), color: z.string().optional() })).optional(),
  });

  it('drops a null the schema would refuse, at any depth, and keeps one it accepts', () => {
    expect(
      nullAsAbsent(Input, { title: 't', note: null, due: null, tags: [{ name: 'a', color: null }] }),
    ).to.deep.equal({ title: 't', due: null, tags: [{ name: 'a' }] });
  });

  it('turns a refused top-level null into undefined, so a default applies', () => {
    expect(nullAsAbsent(z.number().default(1), null)).to.equal(undefined);
    expect(nullAsAbsent(z.number().nullable(), null)).to.equal(null);
  });

  it('leaves a null for a required field for the schema to refuse', () => {
    const result = Input.safeParse(nullAsAbsent(Input, { title: null, due: null }));
    expect(result.success).to.equal(false);
  });
});
