import { expect } from 'chai';
import { type AppOptions, createApp } from '../../../index';
import { expectThrowsCode } from '../../support/expect-code';

class SomeController {}

const malformed: [string, unknown, RegExp][] = [
  ['a body limit that is not a string', { bodyLimit: 100 }, /^options\.bodyLimit: expected string/],
  ['a body limit that is not a size', { bodyLimit: 'lots' }, /^options\.bodyLimit: expected a size/],
  [
    'a controller list that is not a list',
    { controllers: SomeController },
    /^options\.controllers: expected array/,
  ],
  [
    'a controller that is not a class',
    { controllers: [SomeController, 'Users'] },
    /^options\.controllers\[1\]: expected a class/,
  ],
  [
    'OpenAPI settings without a version',
    { openapi: { title: 'API' } },
    /^options\.openapi\.version: expected string/,
  ],
  [
    'GraphQL settings that are neither false nor an object',
    { graphql: 'on' },
    /^options\.graphql: expected object/,
  ],
  [
    'a gateway list with something that is not a class',
    { gateways: [SomeController, 42] },
    /^options\.gateways\[1\]: expected a class/,
  ],
  ['a resolver list that is not a list', { resolvers: 'all' }, /^options\.resolvers: expected array/],
  [
    'WebSocket settings with a message size that is not a positive integer',
    { websocket: { maxPayload: 0 } },
    /^options\.websocket\.maxPayload: /,
  ],
  [
    'server-sent events settings with a heartbeat that is not a number',
    { sse: { heartbeatMs: '15s' } },
    /^options\.sse\.heartbeatMs: expected number/,
  ],
  ['an etag flag that is not a boolean', { etag: 'yes' }, /^options\.etag: expected boolean/],
  ['a negative shutdown timeout', { shutdownTimeoutMs: -1 }, /^options\.shutdownTimeoutMs: /],
  ['options that are not an object', 42, /^options: expected object/],
];

describe('createApp() options', () => {
  for (const [what, options, message] of malformed) {
    it(`when given ${what}, throws TRELLIS_ERR_INVALID_OPTION naming the option`, () => {
      const failure = expectThrowsCode(() => createApp(options as AppOptions), 'TRELLIS_ERR_INVALID_OPTION');
      expect(failure.message).to.match(message);
    });
  }

  it('accepts well-formed options and keys it does not know (modules and features check their own)', async () => {
    const options = { bodyLimit: '1mb', openapi: false, etag: true, somethingElse: { any: 1 } } as AppOptions;
    const app = createApp(options);
    await app.close();
    expect(app.options.bodyLimit).to.equal('1mb');
  });
});
