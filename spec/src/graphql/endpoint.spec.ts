import { expect } from 'chai';
import { getIntrospectionQuery } from 'graphql';
import pino from 'pino';
import request from 'supertest';
import { z } from 'zod';
import {
  type AppOptions,
  ConflictException,
  Controller,
  createApp,
  Get,
  Post,
  Query,
  Resolver,
} from '../../../src';
import { forEachEngine } from '../../support/engines';
import { expectCode } from '../../support/expect-code';
import { type Served, serve } from '../../support/serve';
import { postGraphql } from './graphql-client';

@Resolver()
class HelloResolver {
  @Query(z.string())
  hello() {
    return 'world';
  }

  @Query(z.string().nullable())
  broken(): string {
    throw new Error('database password is hunter2');
  }

  @Query(z.string().nullable())
  taken(): string {
    throw new ConflictException('Name already taken');
  }
}

@Controller('/graphql')
class GraphqlPathController {
  @Post()
  take() {
    return { taken: true };
  }
}

@Controller('/health')
class HealthController {
  @Get()
  health() {
    return { status: 'ok' };
  }
}

const HTML = 'text/html';

describe('GraphQL endpoint', () => {
  forEachEngine((engine) => {
    describe('with the defaults', () => {
      let served: Served;
      const logged: string[] = [];
      before(async () => {
        const logger = pino({ level: 'error' }, { write: (line: string) => logged.push(line) });
        const app = createApp({
          engine,
          logger,
          bodyLimit: '8kb',
          resolvers: [HelloResolver],
          controllers: [HealthController],
        });
        served = await serve(app);
      });
      after(() => served.close());

      it('when a query is POSTed as JSON to /graphql, it answers 200 with the data', async () => {
        const res = await postGraphql(served.url, '{ hello }');
        expect(res.status).to.equal(200);
        expect(res.body).to.deep.equal({ data: { hello: 'world' } });
      });

      it('when the query is not valid GraphQL, it answers 400 GRAPHQL_PARSE_FAILED', async () => {
        const res = await postGraphql(served.url, '{ hello ');
        expect(res.status).to.equal(400);
        expect(res.body.errors![0].extensions.code).to.equal('GRAPHQL_PARSE_FAILED');
      });

      it('when the query asks for an unknown field, it answers 400 GRAPHQL_VALIDATION_FAILED', async () => {
        const res = await postGraphql(served.url, '{ goodbye }');
        expect(res.status).to.equal(400);
        expect(res.body.errors![0].extensions.code).to.equal('GRAPHQL_VALIDATION_FAILED');
      });

      it('when the body is not valid JSON, it answers 400 with the error body of every route', async () => {
        const res = await request(served.url)
          .post('/graphql')
          .set('content-type', 'application/json')
          .send('{"query": ');
        expect(res.status).to.equal(400);
        expect(res.body).to.deep.equal({
          statusCode: 400,
          error: 'Bad Request',
          message: 'Malformed JSON body',
          code: 'BAD_USER_INPUT',
        });
      });

      it('when the body has no query, it answers 400', async () => {
        const res = await request(served.url).post('/graphql').send({ variables: {} });
        expect(res.status).to.equal(400);
      });

      it('when the body is not JSON, it answers 415', async () => {
        const res = await request(served.url)
          .post('/graphql')
          .set('content-type', 'text/plain')
          .send('{ hello }');
        expect(res.status).to.equal(415);
        expect(res.body.statusCode).to.equal(415);
      });

      it('when the body is over the limit, it answers 413', async () => {
        const res = await postGraphql(served.url, `{ hello } # ${'x'.repeat(10_000)}`);
        expect(res.status).to.equal(413);
      });

      it('when a resolver fails unexpectedly, it answers INTERNAL_SERVER_ERROR without internals and logs the cause', async () => {
        const res = await postGraphql(served.url, '{ broken }');
        expect(res.body.data).to.deep.equal({ broken: null });
        expect(res.body.errors![0]).to.deep.equal({
          message: 'Internal Server Error',
          locations: [{ line: 1, column: 3 }],
          path: ['broken'],
          extensions: { code: 'INTERNAL_SERVER_ERROR', statusCode: 500 },
        });
        expect(JSON.stringify(res.body)).to.not.include('hunter2');
        expect(
          logged.some((line) => line.includes('hunter2') && line.includes('HelloResolver.broken')),
        ).to.equal(true);
      });

      it('when a resolver throws an HTTP exception, the error keeps its message with a code for its status', async () => {
        const res = await postGraphql(served.url, '{ taken }');
        expect(res.body.errors![0].message).to.equal('Name already taken');
        expect(res.body.errors![0].extensions).to.deep.equal({ code: 'CONFLICT', statusCode: 409 });
      });

      it('when a browser asks for the path in development, it serves the GraphiQL IDE', async () => {
        const res = await request(served.url).get('/graphql').set('accept', HTML);
        expect(res.status).to.equal(200);
        expect(res.headers['content-type']).to.include(HTML);
        expect(res.text).to.include('<title>GraphiQL</title>');
      });

      it('when asked in development, introspection is on', async () => {
        const res = await postGraphql(served.url, getIntrospectionQuery());
        expect(res.status).to.equal(200);
        expect(res.body.data!.__schema.queryType.name).to.equal('Query');
      });

      it('when a path lies under the GraphQL path, it is not GraphQL (404)', async () => {
        await request(served.url).post('/graphql/extra').send({ query: '{ hello }' }).expect(404);
      });

      it('when routes are registered too, they still answer', async () => {
        await request(served.url).get('/health').expect(200, { status: 'ok' });
      });
    });

    describe('when NODE_ENV=production', () => {
      let previous: string | undefined;
      const servedApps: Served[] = [];
      const start = async (options: AppOptions) => {
        const served = await serve(createApp({ engine, resolvers: [HelloResolver], ...options }));
        servedApps.push(served);
        return served;
      };
      before(() => {
        previous = process.env.NODE_ENV;
        process.env.NODE_ENV = 'production';
      });
      after(async () => {
        if (previous === undefined) delete process.env.NODE_ENV;
        else process.env.NODE_ENV = previous;
        for (const served of servedApps) await served.close();
      });

      it('introspection is off and there is no IDE, queries still answer', async () => {
        const served = await start({});
        const introspection = await postGraphql(served.url, getIntrospectionQuery());
        expect(introspection.status).to.equal(400);
        expect(introspection.body.errors![0].extensions.code).to.equal('GRAPHQL_VALIDATION_FAILED');
        const page = await request(served.url).get('/graphql').set('accept', HTML);
        expect(page.headers['content-type']).to.not.include(HTML);
        expect((await postGraphql(served.url, '{ hello }')).body).to.deep.equal({ data: { hello: 'world' } });
      });

      it('when introspection is enabled, introspection answers', async () => {
        const served = await start({ graphql: { introspection: true } });
        const res = await postGraphql(served.url, getIntrospectionQuery());
        expect(res.status).to.equal(200);
        expect(res.body.data!.__schema.queryType.name).to.equal('Query');
      });
    });

    describe('configuration', () => {
      let served: Served | undefined;
      afterEach(async () => {
        await served?.close();
        served = undefined;
      });

      it('when graphql is false, nothing is served at /graphql (404)', async () => {
        served = await serve(createApp({ engine, resolvers: [HelloResolver], graphql: false }));
        await request(served.url).post('/graphql').send({ query: '{ hello }' }).expect(404);
      });

      it('when a path is configured, GraphQL answers there and not at /graphql', async () => {
        served = await serve(
          createApp({ engine, resolvers: [HelloResolver], graphql: { path: '/api/gql' } }),
        );
        const res = await postGraphql(served.url, '{ hello }', { path: '/api/gql' });
        expect(res.body).to.deep.equal({ data: { hello: 'world' } });
        await request(served.url).post('/graphql').send({ query: '{ hello }' }).expect(404);
      });

      it('when a route sits at the GraphQL path, ready() fails naming the route and GraphQL', async () => {
        const app = createApp({ engine, resolvers: [HelloResolver], controllers: [GraphqlPathController] });
        const err = await app.ready().then(
          () => undefined,
          (failure: unknown) => failure,
        );
        expect(expectCode(err, 'TRELLIS_ERR_DUPLICATE_ROUTE').message).to.equal(
          'Duplicate route POST /graphql: GraphqlPathController.take and GraphQL',
        );
      });

      it('when no resolver is registered, nothing is served at /graphql (404)', async () => {
        served = await serve(createApp({ engine, controllers: [HealthController] }));
        await request(served.url).post('/graphql').send({ query: '{ hello }' }).expect(404);
      });
    });
  });
});
