import { fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { expect } from 'chai';
import { beginTestTransaction, closeTestApps, createTestApp } from '../../testing';
import { expectCode } from '../support/expect-code';
import { frameworkSources, REPOSITORY_ROOT } from '../support/source-files';

describe('trellis/testing: the connections it holds', function () {
  this.timeout(20_000);
  afterEach(closeTestApps);

  it('is not imported by the framework: src, container and modules carry no test transaction', () => {
    const files = frameworkSources();
    expect(files.length).to.be.greaterThan(100);
    for (const file of files) {
      const source = readFileSync(file, 'utf8');
      for (const [, path] of source.matchAll(/(?:from |import\(|require\()'(\.[^']*)'/g)) {
        const target = relative(REPOSITORY_ROOT, resolve(file, '..', path));
        expect(target, `${relative(REPOSITORY_ROOT, file)} imports ${path}`).not.to.match(/^testing\b/);
      }
      expect(source, relative(REPOSITORY_ROOT, file)).not.to.match(
        /holdsTransaction|runHeld|testTransactions/,
      );
    }
  });

  it('cannot hold an app whose database was installed before the kit was loaded', async () => {
    const child = fork(join(__dirname, 'support', 'app-before-kit-child.js'), [], { stdio: 'ignore' });
    const answer = await new Promise<{ held?: boolean; code?: string; message?: string }>(
      (resolve, reject) => {
        child.once('message', resolve);
        child.once('exit', (code) => reject(new Error(`the child exited (${code}) before it answered`)));
      },
    );
    expect(answer.code, answer.message).to.equal('TRELLIS_ERR_TRANSACTION_NOT_HOLDABLE');
  });

  it('refuses an app without a database module with a coded error', async () => {
    const error = await beginTestTransaction(createTestApp()).then(
      () => expect.fail('beginTestTransaction should have refused'),
      (err: unknown) => err,
    );
    expectCode(error, 'TRELLIS_ERR_TRANSACTION_NOT_HOLDABLE');
  });
});
