import { expect } from 'chai';
import { z } from 'zod';
import { validationDetails } from '../../../src';

describe('validationDetails()', () => {
  it('turns every zod issue into { path, message, code }, paths prefixed by the source and joined by dots', () => {
    const schema = z.object({ items: z.array(z.object({ qty: z.number() })), email: z.email() });
    const result = schema.safeParse({ items: [{ qty: 1 }, { qty: 'x' }], email: 'nope' });
    expect(result.success).to.equal(false);
    const details = validationDetails('body', result.error!.issues);
    expect(details).to.have.length(2);
    expect(details[0]).to.deep.equal({
      path: 'body.items.1.qty',
      message: result.error!.issues[0].message,
      code: 'invalid_type',
    });
    expect(details[1]).to.include({ path: 'body.email', code: 'invalid_format' });
    for (const detail of details)
      expect(Object.keys(detail).sort()).to.deep.equal(['code', 'message', 'path']);
  });

  it('uses the source alone for an issue at the root', () => {
    const result = z.string().safeParse(42);
    expect(validationDetails('headers.x-id', result.error!.issues)[0].path).to.equal('headers.x-id');
  });
});
