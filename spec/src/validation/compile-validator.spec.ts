import { expect } from 'chai';
import { z } from 'zod';
import { compileValidator } from '../../../src';

describe('compileValidator()', () => {
  const validate = compileValidator(z.object({ page: z.coerce.number().int().min(1) }), 'query');

  it('when the value passes, gives the parsed (coerced) value', () => {
    expect(validate({ page: '3' })).to.deep.equal({ ok: true, value: { page: 3 } });
  });

  it('when the value fails, gives the details under the source name', () => {
    const result = validate({ page: '0' });
    expect(result.ok).to.equal(false);
    if (result.ok) return;
    expect(result.details).to.have.length(1);
    expect(result.details[0]).to.include({ path: 'query.page', code: 'too_small' });
  });

  it('when the whole value is missing, reports the source itself', () => {
    const result = validate(undefined);
    expect(result.ok).to.equal(false);
    if (!result.ok) expect(result.details[0]).to.include({ path: 'query', code: 'invalid_type' });
  });
});
