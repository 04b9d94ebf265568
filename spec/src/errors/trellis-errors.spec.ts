import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect } from 'chai';
import { TRELLIS_ERRORS, TrellisError } from '../../../index';
import { trellisError } from '../../../src/kernel/errors/trellis-errors';

const DOCS = readFileSync(resolve(__dirname, '..', '..', '..', '..', 'docs', 'errors.md'), 'utf8');
const TROUBLESHOOTING = readFileSync(
  resolve(__dirname, '..', '..', '..', '..', 'docs', 'troubleshooting.md'),
  'utf8',
);

describe('the TrellisError catalog', () => {
  it('names every code TRELLIS_ERR_* and documents each in docs/errors.md, once', () => {
    const codes = Object.keys(TRELLIS_ERRORS);
    expect(codes).to.include('TRELLIS_ERR_DUPLICATE_ROUTE');
    for (const code of codes) {
      expect(code).to.match(/^TRELLIS_ERR_[A-Z_]+$/);
      expect(DOCS.split(`| \`${code}\` |`).length - 1, code).to.equal(1);
    }
    const documented = [...DOCS.matchAll(/^\| `(TRELLIS_ERR_[A-Z_]+)` \|/gm)].map((match) => match[1]);
    expect(documented).to.have.members(codes);
  });

  it('gives a fix for every code in docs/troubleshooting.md', () => {
    for (const code of Object.keys(TRELLIS_ERRORS)) expect(TROUBLESHOOTING, code).to.include(`\`${code}\``);
  });

  it('builds an Error with the code, the filled template and the code in the stack', () => {
    const error = trellisError('TRELLIS_ERR_UNKNOWN_ENGINE', 'koa');
    expect(error).to.be.instanceOf(Error).and.instanceOf(TrellisError);
    expect(error.code).to.equal('TRELLIS_ERR_UNKNOWN_ENGINE');
    expect(error.message).to.equal("Unknown engine 'koa': use 'express' or 'fastify'");
    expect(error.stack?.split('\n')[0]).to.equal(
      "TrellisError [TRELLIS_ERR_UNKNOWN_ENGINE]: Unknown engine 'koa': use 'express' or 'fastify'",
    );
  });

  it('when located, keeps the code and the original as the cause', () => {
    const original = trellisError('TRELLIS_ERR_WILDCARD_NOT_LAST', '/a/*/b');
    const located = original.at('Files.read');
    expect(located.code).to.equal('TRELLIS_ERR_WILDCARD_NOT_LAST');
    expect(located.message).to.equal(`Files.read: ${original.message}`);
    expect(located.cause).to.equal(original);
  });
});
