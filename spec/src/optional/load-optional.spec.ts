import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'chai';
import { isInstalled, loadOptional, requireInstalled } from '../../../src/optional';
import { MissingPackageError } from '../../../src/optional/missing-package-error';

const DIST = join(__dirname, '..', '..', '..');
const PRELOAD = join(DIST, 'spec', 'support', 'without-optional-peers.js');

/** Runs `script` in a node process where no optional peer is installed; resolves to its stdout lines. */
async function withoutOptionalPeers(script: string): Promise<string[]> {
  const { stdout } = await promisify(execFile)(process.execPath, ['-r', PRELOAD, '-e', script], {
    cwd: DIST,
    env: { ...process.env, LOG_LEVEL: 'silent' },
    timeout: 20_000,
  });
  return stdout.trim().split('\n');
}

// What each probe prints: the error's code and message, or 'ok'.
const PROBE = `
const t = require('./index.js');
const z = require('zod');
const report = (name) => (err) => console.log(name + ' ' + (err ? err.code + ' ' + err.message.split('\\n').join(' | ') : 'ok'));
const decorate = (decorators, target, key) =>
  key ? Reflect.decorate(decorators, target.prototype, key, Object.getOwnPropertyDescriptor(target.prototype, key)) : Reflect.decorate(decorators, target);
class Hello { hello() { return 'hi'; } }
decorate([t.Get()], Hello, 'hello');
const HelloController = decorate([t.Controller('/hello')], Hello);
class Greetings { hello() { return 'hi'; } }
decorate([t.Query(z.string())], Greetings, 'hello');
const GreetingsResolver = decorate([t.Resolver()], Greetings);
class Chat { connected() {} }
decorate([t.OnConnect()], Chat, 'connected');
const ChatGateway = decorate([t.WebSocket('/chat')], Chat);
const step = (name, run) => Promise.resolve().then(run).then(() => report(name)(), report(name));
(async () => {
  await step('express', async () => {
    const app = t.createApp({ controllers: [HelloController] });
    const server = await app.listen(0);
    const get = (path) => fetch('http://127.0.0.1:' + server.address().port + path);
    const hello = await get('/hello');
    const docs = await get('/docs');
    const document = await get('/openapi.json');
    console.log('answers ' + hello.status + ' ' + (await hello.json()) + ' docs ' + docs.status + ' openapi ' + document.status);
    await app.close();
  });
  await step('fastify', () => t.createApp({ engine: 'fastify', metrics: true }));
  await step('graphql', () => t.createApp({ resolvers: [GreetingsResolver], gateways: [ChatGateway] }).ready());
  await step('websocket', () => t.createApp({ gateways: [ChatGateway] }).ready());
  await step('swagger-ui', () => t.createApp({ openapi: { title: 't', version: '1', ui: true } }).ready());
  await step('redis', () => t.createRedisClient('redis://127.0.0.1:1'));
  await step('redis-rate-limit', () => t.redisRateLimitStore({}));
  await step('metrics', () => t.createApp({ metrics: true }));
  await step('tracing', () => t.createApp({ tracing: true }));
})();
`;

describe('optional peer dependencies', () => {
  describe('loadOptional', () => {
    it('returns an installed package', () => {
      expect(loadOptional<typeof import('zod')>('zod', 'Validation').z.string().parse('a')).to.equal('a');
    });

    it('names the package to install when it is missing', () => {
      const load = () => loadOptional('trellis-missing-package', 'The feature');
      expect(load).to.throw(MissingPackageError).with.property('code', 'TRELLIS_ERR_MISSING_PACKAGE');
      expect(load).to.throw(
        /The feature needs the package 'trellis-missing-package'.*npm install trellis-missing-package/,
      );
    });

    it('carries the name of the missing package', () => {
      const err = (() => {
        try {
          requireInstalled('trellis-missing-package', 'x');
        } catch (caught) {
          return caught as MissingPackageError;
        }
      })();
      expect(err).to.be.instanceOf(MissingPackageError);
      expect(err?.packageName).to.equal('trellis-missing-package');
    });
  });

  describe('requireInstalled and isInstalled', () => {
    it('accept a package that is installed without loading it', () => {
      expect(() => requireInstalled('swagger-ui-dist', 'Swagger UI')).not.to.throw();
      expect(isInstalled('swagger-ui-dist')).to.equal(true);
      expect(isInstalled('trellis-missing-package')).to.equal(false);
    });
  });

  describe('in an application without any of them installed', () => {
    let lines: string[];

    before(async function () {
      this.timeout(30_000);
      lines = await withoutOptionalPeers(PROBE);
    });

    const line = (name: string) => lines.find((text) => text.startsWith(`${name} `)) ?? '';

    it('loads, starts on Express and answers; /docs is left out, /openapi.json served', () => {
      expect(line('answers')).to.equal('answers 200 hi docs 404 openapi 200');
      expect(line('express')).to.equal('express ok');
    });

    it('names every package a GraphQL and WebSocket app misses in one error, with one npm install line', () => {
      const text = line('graphql');
      expect(text).to.contain(
        'TRELLIS_ERR_MISSING_PACKAGE Features in use need packages that are not installed',
      );
      expect(text).to.contain("- GraphQL (@Resolver classes): '@apollo/server'");
      expect(text).to.contain(
        "- GraphQL query limits (graphql.limits): '@escape.tech/graphql-armor-max-depth', '@escape.tech/graphql-armor-max-aliases', '@escape.tech/graphql-armor-cost-limit'",
      );
      expect(text).to.contain("- WebSocket gateways (@WebSocket classes): 'ws'");
      const install = text.slice(text.indexOf('Install them all with: npm install ') + 35).split(' ');
      expect(install.map((spec) => spec.slice(0, spec.lastIndexOf('@')))).to.have.members([
        '@apollo/server',
        '@escape.tech/graphql-armor-max-depth',
        '@escape.tech/graphql-armor-max-aliases',
        '@escape.tech/graphql-armor-cost-limit',
        'ws',
      ]);
      for (const spec of install) expect(spec).to.match(/@"\^\d[^"]*"$/);
    });

    it("names the Fastify engine's two packages and the metrics package in one error at createApp", () => {
      const text = line('fastify');
      expect(text).to.contain("- The 'fastify' engine: 'fastify', '@fastify/middie'");
      expect(text).to.contain("- The metrics option: 'prom-client'");
      expect(text).to.match(
        /npm install fastify@"\^\d[^"]*" @fastify\/middie@"\^\d[^"]*" prom-client@"\^\d[^"]*"$/,
      );
    });

    const cases: [string, string, string][] = [
      ['websocket', 'ws', 'WebSocket gateways'],
      ['swagger-ui', 'swagger-ui-dist', 'Swagger UI'],
      ['redis', 'ioredis', 'createRedisClient()'],
      ['redis-rate-limit', 'rate-limit-redis', 'redisRateLimitStore()'],
      ['metrics', 'prom-client', 'The metrics option'],
      ['tracing', '@opentelemetry/api', 'The tracing option'],
    ];
    for (const [probe, name, feature] of cases) {
      it(`fails for ${feature} with the package to install (${name})`, () => {
        const text = line(probe);
        expect(text).to.contain('TRELLIS_ERR_MISSING_PACKAGE');
        expect(text).to.contain(`needs the package '${name}'`);
        expect(text).to.match(new RegExp(`npm install ${name.replace('/', '\\/')}@"\\^\\d`));
        expect(text.slice(probe.length + 1 + 'TRELLIS_ERR_MISSING_PACKAGE '.length)).to.match(
          new RegExp(`^${feature.replace(/[()]/g, '\\$&')}`),
        );
      });
    }
  });
});
