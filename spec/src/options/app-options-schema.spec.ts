import { expect } from 'chai';
import { z } from 'zod';
import type { TrellisFeature } from '../../../src/kernel/modules/trellis-feature';
import { checkOption } from '../../../src/kernel/options/check-option';
import { appOptionsSchema } from '../../../src/options/app-options-schema';
import { expectThrowsCode } from '../../support/expect-code';

// A feature of its own: a job queue, read from `queue`, serving `@Job` classes given in `jobs`.
const queue: TrellisFeature<{ concurrency: number } | undefined> = {
  name: 'spec-queue',
  option: 'queue',
  schema: z.looseObject({ concurrency: z.number().int().positive() }),
  roles: [{ name: 'job', decorator: 'Job', option: 'jobs' }],
  install() {},
};

class Nightly {}

describe('appOptionsSchema(features): the createApp options composed from each feature', () => {
  const schema = appOptionsSchema([queue]);
  const check = (options: unknown) => () => checkOption(schema, options, 'options');

  it("checks a feature's option with the feature's schema, naming its path", () => {
    const failure = expectThrowsCode(check({ queue: { concurrency: 0 } }), 'TRELLIS_ERR_INVALID_OPTION');
    expect(failure.message).to.match(/^options\.queue\.concurrency: /);
  });

  it("checks the classes given in each of a feature's roles", () => {
    const failure = expectThrowsCode(check({ jobs: [Nightly, 'Weekly'] }), 'TRELLIS_ERR_INVALID_OPTION');
    expect(failure.message).to.match(/^options\.jobs\[1\]: expected a class/);
  });

  it("still checks the application's own options beside the features'", () => {
    const failure = expectThrowsCode(
      check({ etag: 'yes', queue: { concurrency: 2 } }),
      'TRELLIS_ERR_INVALID_OPTION',
    );
    expect(failure.message).to.match(/^options\.etag: expected boolean/);
  });

  it('accepts the option left out, and a well-formed one', () => {
    expect(check({ jobs: [Nightly] })).not.to.throw();
    expect(check({ queue: { concurrency: 4 }, jobs: [] })).not.to.throw();
  });

  it("leaves an option alone when no feature of the list reads it (another list's feature would)", () => {
    expect(() => checkOption(appOptionsSchema([]), { queue: 'anything' }, 'options')).not.to.throw();
  });
});
