import { expect } from 'chai';
import { z } from 'zod';
import { ErrorBody } from '../../../src';
import { createApp } from '../../../src/app/create-app';
import { expectThrowsCode, expectThrowsCoded } from '../../support/expect-code';

describe('errorBody: the option and the decorator are checked where they are given', () => {
  it('createApp refuses an errorBody without a zod schema or a build function, naming the path', () => {
    const noSchema = expectThrowsCode(
      () => createApp({ errorBody: { schema: {} as never, build: () => ({}) } }),
      'TRELLIS_ERR_INVALID_OPTION',
    );
    expect(noSchema.message).to.equal('options.errorBody.schema: expected a zod schema');
    const noBuild = expectThrowsCode(
      () => createApp({ errorBody: { schema: z.object({}), build: 'no' as never } }),
      'TRELLIS_ERR_INVALID_OPTION',
    );
    expect(noBuild.message).to.equal('options.errorBody.build: expected a function');
  });

  it('ErrorBody() refuses the same mistakes with a coded TypeError', () => {
    expectThrowsCoded(
      () => ErrorBody({ schema: 'errors', build: () => ({}) } as never),
      TypeError,
      'TRELLIS_ERR_ERROR_BODY_NOT_VALID',
    );
    expectThrowsCoded(() => ErrorBody(undefined as never), TypeError, 'TRELLIS_ERR_ERROR_BODY_NOT_VALID');
  });
});
