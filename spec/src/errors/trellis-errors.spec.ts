import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect } from 'chai';
import { TRELLIS_ERRORS, TrellisError } from '../../../index';
import { DATABASE_ERRORS } from '../../../modules/database/database-errors';
import { RBAC_ERRORS } from '../../../modules/rbac/rbac-errors';
import { CLUSTER_ERRORS } from '../../../src/cluster/cluster-errors';
import { DEVTOOLS_ERRORS } from '../../../src/devtools/devtools-errors';
import { ENGINE_ERRORS } from '../../../src/engine/engine-errors';
import { GRAPHQL_ERRORS } from '../../../src/graphql/graphql-errors';
import { JOBS_ERRORS } from '../../../src/jobs/jobs-errors';
import { KERNEL_ERRORS, trellisError } from '../../../src/kernel/errors/trellis-errors';
import { OPENAPI_ERRORS } from '../../../src/openapi/openapi-errors';
import { ROUTING_ERRORS } from '../../../src/routing/routing-errors';
import { WEBSOCKET_ERRORS } from '../../../src/websocket/websocket-errors';
import { createdErrorCodes, everyErrorCode } from '../../support/error-codes';
import { frameworkSources } from '../../support/source-files';

const DOCS = readFileSync(resolve(__dirname, '..', '..', '..', '..', 'docs', 'errors.md'), 'utf8');
const TROUBLESHOOTING = readFileSync(
  resolve(__dirname, '..', '..', '..', '..', 'docs', 'troubleshooting.md'),
  'utf8',
);

const PARTS = {
  kernel: KERNEL_ERRORS,
  engines: ENGINE_ERRORS,
  cluster: CLUSTER_ERRORS,
  routing: ROUTING_ERRORS,
  openapi: OPENAPI_ERRORS,
  websocket: WEBSOCKET_ERRORS,
  graphql: GRAPHQL_ERRORS,
  rbac: RBAC_ERRORS,
  database: DATABASE_ERRORS,
  jobs: JOBS_ERRORS,
  devtools: DEVTOOLS_ERRORS,
};

describe('the TrellisError catalog', () => {
  it('is gathered from the parts that define codes, each code defined by one part', () => {
    const codes = Object.values(PARTS).flatMap((part) => Object.keys(part));
    expect(new Set(codes).size, 'a code defined twice').to.equal(codes.length);
    expect(Object.keys(TRELLIS_ERRORS)).to.have.members(codes);
    expect(Object.keys(KERNEL_ERRORS)).to.include('TRELLIS_ERR_INVALID_OPTION');
    expect(Object.keys(KERNEL_ERRORS)).not.to.include.members([
      'TRELLIS_ERR_UNKNOWN_ROLE',
      'TRELLIS_ERR_DUPLICATE_ROUTE',
      'TRELLIS_ERR_GRAPHQL_NO_QUERY',
      'TRELLIS_ERR_DUPLICATE_GATEWAY',
      'TRELLIS_ERR_UNKNOWN_ENGINE',
    ]);
    expect(Object.keys(RBAC_ERRORS)).to.have.members([
      'TRELLIS_ERR_UNKNOWN_ROLE',
      'TRELLIS_ERR_UNKNOWN_PERMISSION',
    ]);
  });

  it('names every code TRELLIS_ERR_* and documents each in docs/errors.md, once', () => {
    const codes = everyErrorCode();
    expect(codes).to.include.members(['TRELLIS_ERR_DUPLICATE_ROUTE', 'TRELLIS_ERR_NOT_SUCCESS_STATUS']);
    expect(new Set(codes).size, 'a createError code also in TRELLIS_ERRORS').to.equal(codes.length);
    for (const code of codes) {
      expect(code).to.match(/^TRELLIS_ERR_[A-Z_]+$/);
      expect(DOCS.split(`| \`${code}\` |`).length - 1, code).to.equal(1);
    }
    const documented = [...DOCS.matchAll(/^\| `(TRELLIS_ERR_[A-Z_]+)` \|/gm)].map((match) => match[1]);
    expect(documented).to.have.members(codes);
  });

  it('gives a fix for every code in docs/troubleshooting.md', () => {
    for (const code of everyErrorCode()) expect(TROUBLESHOOTING, code).to.include(`\`${code}\``);
  });

  it('defines every code the sources name', () => {
    const defined = new Set(everyErrorCode());
    expect(createdErrorCodes()).to.include('TRELLIS_ERR_INVALID_RATE_LIMIT');
    for (const file of frameworkSources()) {
      for (const [code] of readFileSync(file, 'utf8').matchAll(/\bTRELLIS_ERR_[A-Z0-9_]*[A-Z0-9]\b/g))
        expect(defined.has(code), `${file} names ${code}`).to.equal(true);
    }
  });

  it('builds an Error with the code, the filled template and the code in the stack', () => {
    const error = trellisError('TRELLIS_ERR_UNKNOWN_MODULE', 'rbca', ['auth', 'rbac']);
    expect(error).to.be.instanceOf(Error).and.instanceOf(TrellisError);
    expect(error.code).to.equal('TRELLIS_ERR_UNKNOWN_MODULE');
    expect(error.message).to.equal("Unknown module 'rbca'; the defined modules are 'auth', 'rbac'");
    expect(error.stack?.split('\n')[0]).to.equal(
      "TrellisError [TRELLIS_ERR_UNKNOWN_MODULE]: Unknown module 'rbca'; the defined modules are 'auth', 'rbac'",
    );
  });

  it('when located, keeps the code and the original as the cause', () => {
    const original = trellisError('TRELLIS_ERR_AFTER_READY', 'use()');
    const located = original.at('Files.read');
    expect(located.code).to.equal('TRELLIS_ERR_AFTER_READY');
    expect(located.message).to.equal(`Files.read: ${original.message}`);
    expect(located.cause).to.equal(original);
  });
});
