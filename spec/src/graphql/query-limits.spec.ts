import { expect } from 'chai';
import { getIntrospectionQuery } from 'graphql';
import { z } from 'zod';
import { type AppOptions, Arg, Controller, createApp, Get, Query, Resolver } from '../../../src';
import { forEachEngine } from '../../support/engines';
import { type Served, serve } from '../../support/serve';
import { postGraphql } from './graphql-client';
import { subscribe, subscriptionClient, until } from './subscription-client';

// Ten levels of nesting: `tree { child { child ... { name } } }`.
type Level = z.ZodObject<{ name: z.ZodString; child: z.ZodNullable<z.ZodObject> }>;
function level(depth: number): z.ZodObject {
  const name = z.string();
  return depth === 0
    ? z.object({ name })
    : (z.object({ name, child: level(depth - 1).nullable() }) as unknown as Level);
}
const TREE_DEPTH = 10;

let executed = 0;

@Resolver()
class ListResolver {
  @Query(z.array(z.object({ id: z.number(), title: z.string() })))
  tasks(@Arg('limit', z.number().int().min(1).max(100)) limit: number) {
    executed++;
    return Array.from({ length: limit }, (_, i) => ({ id: i, title: `task ${i}` }));
  }

  @Query(level(TREE_DEPTH))
  tree() {
    executed++;
    let node: Record<string, unknown> = { name: 'leaf' };
    for (let i = 0; i < TREE_DEPTH; i++) node = { name: `n${i}`, child: node };
    return node;
  }
}

@Controller('/health')
class HealthController {
  @Get()
  health() {
    return { status: 'ok' };
  }
}

const nested = (depth: number) => {
  let selection = 'name';
  for (let i = 0; i < depth; i++) selection = `name child { ${selection} }`;
  return `{ tree { ${selection} } }`;
};
const aliases = (count: number, limit = 100) =>
  `{ ${Array.from({ length: count }, (_, i) => `a${i}: tasks(limit: ${limit}) { id title }`).join(' ')} }`;

describe('GraphQL query limits', () => {
  forEachEngine((engine) => {
    let served: Served | undefined;
    const start = async (graphql?: AppOptions['graphql']) => {
      served = await serve(
        createApp({
          engine,
          resolvers: [ListResolver],
          controllers: [HealthController],
          graphql,
          bodyLimit: '1mb',
        }),
      );
      return served.url;
    };
    beforeEach(() => {
      executed = 0;
    });
    afterEach(async () => {
      await served?.close();
      served = undefined;
    });

    describe('with the defaults', () => {
      it('refuses 1,000 aliases of tasks(limit: 100) before running anything, with a clear GraphQL error', async () => {
        const url = await start();
        const query = aliases(1000);
        expect(query.length).to.be.greaterThan(30_000);
        const res = await postGraphql(url, query);
        expect(res.status).to.equal(400);
        expect(res.body.data).to.equal(undefined);
        expect(res.body.errors?.[0].extensions.code).to.equal('GRAPHQL_PARSE_FAILED');
        expect(res.body.errors?.[0].message).to.match(/Document contains more th.. 2000 tokens/);
        expect(executed).to.equal(0);
      });

      it('refuses more than 15 aliases with a validation error naming the limit', async () => {
        const url = await start();
        const res = await postGraphql(url, aliases(16, 1));
        expect(res.status).to.equal(400);
        expect(res.body.errors?.[0].extensions.code).to.equal('GRAPHQL_VALIDATION_FAILED');
        expect(res.body.errors?.[0].message).to.match(/Aliases limit of 15 exceeded, found 16/);
        expect(executed).to.equal(0);
      });

      it('refuses a query nested deeper than 8', async () => {
        const url = await start();
        const res = await postGraphql(url, nested(9));
        expect(res.status).to.equal(400);
        expect(res.body.errors?.[0].extensions.code).to.equal('GRAPHQL_VALIDATION_FAILED');
        expect(res.body.errors?.[0].message).to.match(/Query depth limit of 8 exceeded/);
        expect(executed).to.equal(0);
      });

      it('answers ordinary queries, a few aliases and the IDE introspection query', async () => {
        const url = await start();
        const ok = await postGraphql(url, aliases(3, 2));
        expect(ok.status).to.equal(200);
        expect(ok.body.data?.a2).to.have.length(2);
        const deep = await postGraphql(url, nested(6));
        expect(deep.status).to.equal(200);
        const introspection = await postGraphql(url, getIntrospectionQuery());
        expect(introspection.status).to.equal(200);
        expect(introspection.body.data?.__schema.queryType.name).to.equal('Query');
      });
    });

    describe('over graphql-ws', () => {
      it('refuses the same floods with a GraphQL error before running anything, and serves ordinary operations', async () => {
        const url = await start();
        const client = subscriptionClient(url);
        try {
          const refusals: [string, RegExp][] = [
            [aliases(16, 1), /Aliases limit of 15 exceeded/],
            [nested(9), /Query depth limit of 8 exceeded/],
            [aliases(1000), /2000 tokens/],
          ];
          for (const [query, message] of refusals) {
            const probe = subscribe(client, query);
            await until(() => probe.error !== undefined || probe.results.length > 0);
            expect(probe.results).to.deep.equal([]);
            expect((probe.error as { message: string }[])[0].message).to.match(message);
          }
          expect(executed).to.equal(0);
          const ok = subscribe(client, aliases(2, 1));
          expect((await ok.take(1))[0].data?.a1).to.have.length(1);
        } finally {
          await client.dispose();
        }
      });
    });

    describe('with limits configured', () => {
      it('applies the given depth, aliases, tokens and cost', async () => {
        const url = await start({ limits: { depth: 4, aliases: 2, tokens: 60, cost: 12 } });
        expect((await postGraphql(url, nested(3))).body.errors?.[0].message).to.match(/depth limit of 4/);
        expect((await postGraphql(url, aliases(3, 1))).body.errors?.[0].message).to.match(
          /Aliases limit of 2/,
        );
        expect(
          (await postGraphql(url, `{ ${'tasks(limit: 1) { id } '.repeat(10)} }`)).body.errors?.[0].message,
        ).to.match(/more th.. 60 tokens/);
        // tree { name child { name child { name } } }: depth 4, a cost of 16.625.
        const costly = await postGraphql(url, nested(2));
        expect(costly.status).to.equal(400);
        expect(costly.body.errors?.[0].message).to.match(/Query Cost limit of 12 exceeded, found 16.625/);
        expect(executed).to.equal(0);
        expect((await postGraphql(url, '{ tasks(limit: 1) { id } }')).status).to.equal(200);
      });

      it('turns a limit off with false', async () => {
        const url = await start({ limits: { aliases: false, tokens: false, cost: false } });
        const res = await postGraphql(url, aliases(40, 1));
        expect(res.status).to.equal(200);
        expect(Object.keys(res.body.data ?? {})).to.have.length(40);
      });

      it('refuses a malformed limit at createApp', () => {
        for (const limits of [{ depth: 0 }, { aliases: -1 }, { tokens: 1.5 }, { cost: 'high' }, 'strict'])
          expect(() => createApp({ engine, resolvers: [ListResolver], graphql: { limits: limits as never } }))
            .to.throw(/graphql\.limits/)
            .with.property('code', 'TRELLIS_ERR_INVALID_OPTION');
      });
    });
  });
});
