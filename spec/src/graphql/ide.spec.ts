import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Stream } from 'node:stream';
import { runInNewContext } from 'node:vm';
import { expect } from 'chai';
import request from 'supertest';
import { z } from 'zod';
import { type AppOptions, createApp, Query, Resolver } from '../../../src';
import { GRAPHIQL_SCRIPT } from '../../../src/graphql/ide/graphiql-script';
import { PAGE_CONTENT_SECURITY_POLICY } from '../../../src/security/page-policy';
import { forEachEngine } from '../../support/engines';
import { type Served, serve } from '../../support/serve';
import { postGraphql } from './graphql-client';

@Resolver()
class HelloResolver {
  @Query(z.string())
  hello() {
    return 'world';
  }
}

const HTML = 'text/html';
// A browser's Accept header on a page load.
const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

/** The files each page URL stands for, in the installed packages. */
const PACKAGE_FILES: Record<string, string> = {
  'graphiql.min.css': 'graphiql/graphiql.min.css',
  'react.production.min.js': 'react/umd/react.production.min.js',
  'react-dom.production.min.js': 'react-dom/umd/react-dom.production.min.js',
  'graphiql.min.js': 'graphiql/graphiql.min.js',
  'graphql-ws.min.js': 'graphql-ws/umd/graphql-ws.min.js',
};

function packageFile(path: string): Buffer {
  const [name, ...rest] = path.split('/');
  return readFileSync(join(dirname(require.resolve(`${name}/package.json`)), ...rest));
}

function rawBody(res: Stream, done: (err: Error | null, body: Buffer) => void): void {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => done(null, Buffer.concat(chunks)));
}

/** The stylesheet and script URLs of a page, resolved against the page's URL. */
function assetUrls(html: string, pageUrl: string): string[] {
  return [...html.matchAll(/<(?:script|link rel="stylesheet")[^>]*(?:href|src)="([^"]+)"/g)].map(
    (match) => new URL(match[1], pageUrl).href,
  );
}

describe('GraphQL IDE', () => {
  forEachEngine((engine) => {
    const served: Served[] = [];
    const start = async (options: Partial<AppOptions> = {}) => {
      const app = await serve(createApp({ engine, resolvers: [HelloResolver], ...options }));
      served.push(app);
      return app.url;
    };
    after(async () => {
      for (const app of served) await app.close();
    });

    describe('in development, by default', () => {
      let url: string;
      before(async () => {
        url = await start();
      });

      it('a browser GET of the GraphQL path gets the GraphiQL page with the page policy', async () => {
        const res = await request(url).get('/graphql').set('accept', BROWSER_ACCEPT).expect(200);
        expect(res.headers['content-type']).to.equal('text/html; charset=utf-8');
        expect(res.headers['content-security-policy']).to.equal(PAGE_CONTENT_SECURITY_POLICY);
        expect(res.headers['x-content-type-options']).to.equal('nosniff');
        expect(res.text).to.include('<div id="graphiql">');
        // No inline script: the policy allows none.
        expect(res.text).to.not.match(/<script>/);
      });

      for (const page of ['/graphql', '/graphql/']) {
        it(`every file the page at ${page} links is served from the installed packages`, async () => {
          const res = await request(url).get(page).set('accept', HTML).expect(200);
          const urls = assetUrls(res.text, `${url}${page}`);
          expect(urls).to.have.length(6);
          for (const asset of urls) {
            expect(new URL(asset).pathname, asset).to.match(/^\/graphql\/ide\/[a-z.-]+$/);
            const file = await request(asset).get('').buffer(true).parse(rawBody).expect(200);
            const name = new URL(asset).pathname.split('/').pop()!;
            if (name === 'graphiql.js') {
              expect(file.headers['content-type']).to.equal('text/javascript; charset=utf-8');
              continue;
            }
            expect((file.body as Buffer).equals(packageFile(PACKAGE_FILES[name])), name).to.equal(true);
            expect(file.headers['content-type']).to.match(
              name.endsWith('.css') ? /^text\/css/ : /^text\/javascript/,
            );
            expect(file.headers['x-content-type-options']).to.equal('nosniff');
          }
        });
      }

      it('a file outside the list under the IDE folder is a 404', async () => {
        for (const path of [
          '/graphql/ide/package.json',
          '/graphql/ide/umd/react.development.js',
          '/graphql/ide/..%2Fpackage.json',
        ])
          await request(url).get(path).expect(404);
      });

      it('a GraphQL GET asking for JSON still reaches GraphQL', async () => {
        const res = await request(url)
          .get('/graphql')
          .query({ query: '{ hello }' })
          .set('accept', 'application/json')
          .set('apollo-require-preflight', 'true')
          .expect(200);
        expect(res.body).to.deep.equal({ data: { hello: 'world' } });
      });

      it('a POST with an HTML Accept header is still GraphQL', async () => {
        const res = await postGraphql(url, '{ hello }', { headers: { accept: `${HTML}, application/json` } });
        expect(res.body).to.deep.equal({ data: { hello: 'world' } });
      });
    });

    describe('at another path', () => {
      it('serves the page and its files under that path', async () => {
        const url = await start({ graphql: { path: '/api/gql' } });
        const res = await request(url).get('/api/gql').set('accept', HTML).expect(200);
        const urls = assetUrls(res.text, `${url}/api/gql`);
        expect(urls.every((asset) => new URL(asset).pathname.startsWith('/api/gql/ide/'))).to.equal(true);
        await request(urls[0]).get('').expect(200);
      });
    });

    describe('with ide: false', () => {
      it('serves no page and no files', async () => {
        const url = await start({ graphql: { ide: false } });
        const res = await request(url).get('/graphql').set('accept', HTML);
        expect(res.headers['content-type'] ?? '').to.not.include(HTML);
        await request(url).get('/graphql/ide/graphiql.min.js').expect(404);
      });
    });

    describe('when NODE_ENV=production', () => {
      let previous: string | undefined;
      before(() => {
        previous = process.env.NODE_ENV;
        process.env.NODE_ENV = 'production';
      });
      after(() => {
        if (previous === undefined) delete process.env.NODE_ENV;
        else process.env.NODE_ENV = previous;
      });

      it('is off by default', async () => {
        const url = await start();
        const res = await request(url).get('/graphql').set('accept', HTML);
        expect(res.headers['content-type'] ?? '').to.not.include(HTML);
        await request(url).get('/graphql/ide/graphiql.min.js').expect(404);
      });

      it('is served when enabled with ide: true', async () => {
        const url = await start({ graphql: { ide: true } });
        const res = await request(url).get('/graphql').set('accept', HTML).expect(200);
        expect(res.text).to.include('<div id="graphiql">');
      });
    });
  });

  describe('start-up script', () => {
    interface Sink {
      next(value: unknown): void;
      complete(): void;
    }
    type Fetcher = (params: Record<string, unknown>, options?: Record<string, unknown>) => any;

    /** Runs the script as the page would, with recording stand-ins for GraphiQL, React and graphql-ws. */
    function runScript() {
      const record = {
        httpUrl: '',
        sockets: [] as { url: string; connectionParams: unknown; disposed: boolean }[],
        subscribed: [] as unknown[],
        fetcher: undefined as Fetcher | undefined,
      };
      const GraphiQL = Object.assign(() => null, {
        createFetcher: ({ url }: { url: string }) => {
          record.httpUrl = url;
          return (params: unknown) => ({ overHttp: params });
        },
      });
      const graphqlWs = {
        createClient: (options: { url: string; connectionParams: unknown }) => {
          const socket = { ...options, disposed: false };
          record.sockets.push(socket);
          return {
            dispose: () => {
              socket.disposed = true;
            },
            subscribe: (params: unknown, sink: Sink) => {
              record.subscribed.push(params);
              sink.next({ data: { ticks: 1 } });
              return () => {};
            },
          };
        },
      };
      const React = {
        createElement: (_type: unknown, props: { fetcher: Fetcher }) => {
          record.fetcher = props.fetcher;
        },
      };
      const ReactDOM = { createRoot: () => ({ render: () => {} }) };
      runInNewContext(GRAPHIQL_SCRIPT, {
        document: {
          currentScript: { src: 'https://api.example/v1/graphql/ide/graphiql.js' },
          getElementById: () => ({}),
        },
        GraphiQL,
        graphqlWs,
        React,
        ReactDOM,
        URL,
      });
      return record;
    }

    // GraphiQL's parsed document can lag behind the text: the script goes by the text.
    const staleDocument = { definitions: [{ kind: 'OperationDefinition', operation: 'query' }] };

    it('sends queries and mutations over HTTP to the page’s own path', () => {
      const record = runScript();
      expect(record.httpUrl).to.equal('https://api.example/v1/graphql');
      const operations = [
        { query: '{ me { id } }' },
        { query: 'mutation { createTask(input: { title: "subscription { x }" }) { id } }' },
        { query: '# subscription Ticks { ticks }\nquery Me { me { id } }' },
        { query: 'query Me { me { id } } subscription Ticks { ticks }', operationName: 'Me' },
      ];
      for (const params of operations)
        expect(record.fetcher!(params, { headers: {} }), params.query).to.deep.equal({ overHttp: params });
      expect(record.sockets).to.have.length(0);
    });

    it('sends subscriptions over graphql-ws on the same path, with the Authorization header in connection_init', () => {
      const record = runScript();
      const params = { query: 'query Me { me { id } } subscription Ticks { ticks }', operationName: 'Ticks' };
      const seen: unknown[] = [];
      record.fetcher!(params, {
        headers: { Authorization: 'Bearer t1' },
        documentAST: staleDocument,
      }).subscribe({
        next: (value: unknown) => seen.push(value),
        error: () => {},
        complete: () => {},
      });
      expect(record.sockets).to.have.length(1);
      expect(record.sockets[0].url).to.equal('wss://api.example/v1/graphql');
      expect(record.sockets[0].connectionParams).to.deep.equal({ authorization: 'Bearer t1' });
      expect(record.subscribed).to.deep.equal([params]);
      expect(seen).to.deep.equal([{ data: { ticks: 1 } }]);
    });

    it('opens a new socket when the token changes, and keeps it while it does not', () => {
      const record = runScript();
      const params = { query: 'subscription Ticks { ticks }' };
      const sink = { next: () => {}, error: () => {}, complete: () => {} };
      const run = (headers: Record<string, string>) => record.fetcher!(params, { headers }).subscribe(sink);
      run({ authorization: 'Bearer t1' });
      run({ authorization: 'Bearer t1' });
      run({ authorization: 'Bearer t2' });
      expect(record.sockets.map((socket) => socket.connectionParams)).to.deep.equal([
        { authorization: 'Bearer t1' },
        { authorization: 'Bearer t2' },
      ]);
      expect(record.sockets[0].disposed).to.equal(true);
    });
  });
});
