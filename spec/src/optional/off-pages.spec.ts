import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'chai';
import { forEachEngine } from '../../support/engines';

const DIST = join(__dirname, '..', '..', '..');
const PRELOAD = join(DIST, 'spec', 'support', 'without-optional-peers.js');

// Installed: what an app with GraphQL on either engine needs; missing: Swagger UI and GraphiQL.
const KEPT = [
  'fastify',
  '@fastify/middie',
  '@apollo/server',
  '@escape.tech/graphql-armor-cost-limit',
  '@escape.tech/graphql-armor-max-aliases',
  '@escape.tech/graphql-armor-max-depth',
];

// Prints each warning, then each answer as `<path> <status> <body>`.
const probe = (engine: string) => `
const t = require('./index.js');
const z = require('zod');
const pino = require('pino');
const logger = pino({ level: 'warn' }, { write: (line) => console.log('warning ' + JSON.parse(line).msg) });
class Greetings { hello() { return 'hi'; } }
Reflect.decorate([t.Query(z.string())], Greetings.prototype, 'hello', Object.getOwnPropertyDescriptor(Greetings.prototype, 'hello'));
const GreetingsResolver = Reflect.decorate([t.Resolver()], Greetings);
(async () => {
  const app = t.createApp({ engine: '${engine}', resolvers: [GreetingsResolver], logger });
  const server = await app.listen(0, '127.0.0.1');
  const base = 'http://127.0.0.1:' + server.address().port;
  const show = async (path, headers) => {
    const res = await fetch(base + path, { headers });
    console.log('answer ' + path + ' ' + res.status + ' ' + (await res.text()));
  };
  await show('/docs');
  await show('/docs/index.html');
  await show('/graphql', { accept: 'text/html' });
  await show('/graphql?query=%7Bhello%7D', { accept: 'application/json', 'apollo-require-preflight': 'true' });
  await show('/openapi.json');
  await app.close();
})().catch((err) => console.log('failed ' + err.stack));
`;

async function run(engine: string): Promise<string[]> {
  const { stdout } = await promisify(execFile)(process.execPath, ['-r', PRELOAD, '-e', probe(engine)], {
    cwd: DIST,
    env: { ...process.env, NODE_ENV: 'development', KEEP_OPTIONAL_PEERS: KEPT.join(',') },
    timeout: 20_000,
  });
  return stdout.trim().split('\n');
}

describe('pages that are off because their packages are missing', () => {
  forEachEngine((engine) => {
    let lines: string[];
    before(async function () {
      this.timeout(30_000);
      lines = await run(engine);
    });
    const answer = (path: string) => {
      const text = lines.find((line) => line.startsWith(`answer ${path} `)) ?? '';
      const [, , status, ...body] = text.split(' ');
      return { status: Number(status), body: body.join(' ') };
    };

    it('warns once at start-up for each page, with the npm install line that turns it on', () => {
      const warnings = lines.filter((line) => line.startsWith('warning '));
      expect(warnings).to.have.length(2);
      expect(warnings[0]).to.match(
        /^warning The GraphQL IDE at \/graphql is off: its packages 'graphiql', 'react', 'react-dom' are not installed \(npm install graphiql@"\^\d[^"]*" react@"\^\d[^"]*" react-dom@"\^\d[^"]*"\)$/,
      );
      expect(warnings[1]).to.match(
        /^warning Swagger UI at \/docs is off: its package 'swagger-ui-dist' is not installed \(npm install swagger-ui-dist@"\^\d[^"]*"\)$/,
      );
    });

    it('answers /docs and what lies under it 404, saying why and how to turn it on', () => {
      for (const path of ['/docs', '/docs/index.html']) {
        const { status, body } = answer(path);
        expect(status).to.equal(404);
        expect(JSON.parse(body)).to.include({ statusCode: 404, error: 'Not Found' });
        expect(JSON.parse(body).message).to.match(
          /^Swagger UI at \/docs is off: .*npm install swagger-ui-dist@/,
        );
      }
      expect(answer('/openapi.json').status).to.equal(200);
    });

    it('answers a browser at /graphql 404 saying why the IDE is off, and GraphQL clients as before', () => {
      const page = answer('/graphql');
      expect(page.status).to.equal(404);
      expect(JSON.parse(page.body).message).to.match(
        /^The GraphQL IDE at \/graphql is off: .*npm install graphiql@/,
      );
      const query = answer('/graphql?query=%7Bhello%7D');
      expect(query.status).to.equal(200);
      expect(JSON.parse(query.body)).to.deep.equal({ data: { hello: 'hi' } });
    });
  });
});
