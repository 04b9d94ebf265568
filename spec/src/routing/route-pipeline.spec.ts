import { AsyncLocalStorage } from 'node:async_hooks';
import { expect } from 'chai';
import { Controller, createApp, Get, type RequestContext, type RouteHook } from '../../../index';
import type { CompiledRoute } from '../../../src/routing/compiled-route';
import { expectCode } from '../../support/expect-code';
import { fakeRequestContext } from '../../support/fake-request-context';

// Two features, each with its own store, to see how their arounds nest and what the call sees.
const outer = new AsyncLocalStorage<string>();
const inner = new AsyncLocalStorage<string>();
const steps: string[] = [];

const stores = () => [outer.getStore(), inner.getStore()];

// Wraps every route but `Plain.*`: a feature that does not apply to a route adds nothing to it.
function storing(
  name: string,
  store: AsyncLocalStorage<string>,
  order: { before?: string[]; after?: string[] } = {},
): RouteHook<'onRequest'> {
  return {
    name,
    phase: 'onRequest',
    ...order,
    compile: ({ where }) =>
      where.startsWith('Plain.')
        ? undefined
        : {
            step: (ctx, call) => {
              steps.push(`${name} in`);
              try {
                return store.run(name, call, ctx);
              } finally {
                steps.push(`${name} out`);
              }
            },
          },
  };
}

@Controller('/wrapped')
class Wrapped {
  @Get('/sync')
  sync() {
    steps.push('handler');
    return { stores: stores() };
  }

  @Get('/async')
  async later() {
    await new Promise((resolve) => setImmediate(resolve));
    return { stores: stores() };
  }

  @Get('/throws')
  throws() {
    throw new Error('boom');
  }

  @Get('/rejects')
  async rejects() {
    await new Promise((resolve) => setImmediate(resolve));
    throw new Error('boom');
  }
}

@Controller('/plain')
class Plain {
  @Get()
  plain() {
    return { stores: stores() };
  }
}

interface Answer {
  status?: number;
  body?: string;
}

function contextFor(answer: Answer): RequestContext {
  const res = {
    statusCode: 200,
    headersSent: false,
    setHeader() {},
    end(body?: string) {
      answer.status = res.statusCode;
      answer.body = body;
      res.headersSent = true;
    },
  };
  return fakeRequestContext({ res });
}

describe('onRequest hooks of the route pipeline', () => {
  let routes: readonly CompiledRoute[];
  const app = createApp({ controllers: [Wrapped, Plain], openapi: false, graphql: false });
  // Added inner first: the order comes from `after`, not from the order of registration.
  app.pipeline.add(storing('inner', inner, { after: ['outer'] })).add(storing('outer', outer));

  before(async () => {
    await app.ready();
    routes = app.routes;
  });
  after(() => app.close());
  beforeEach(() => {
    steps.length = 0;
  });

  const route = (path: string) => routes.find((candidate) => candidate.path === path)!;

  it('runs the whole call inside every onRequest step, in the order before/after ask, and answers before handle() returns', () => {
    const answer: Answer = {};
    const outcome = route('/wrapped/sync').handle(contextFor(answer));
    expect(outcome).to.equal(undefined);
    expect(answer).to.deep.equal({ status: 200, body: '{"stores":["outer","inner"]}' });
    expect(steps).to.deep.equal(['outer in', 'inner in', 'handler', 'inner out', 'outer out']);
  });

  it('keeps the stores for what the handler does after an await, and leaves none behind', async () => {
    const answer: Answer = {};
    await route('/wrapped/async').handle(contextFor(answer));
    expect(answer).to.deep.equal({ status: 200, body: '{"stores":["outer","inner"]}' });
    expect(stores()).to.deep.equal([undefined, undefined]);
  });

  for (const path of ['/wrapped/throws', '/wrapped/rejects']) {
    it(`answers a failure (${path}) with its error answer`, async () => {
      const answer: Answer = {};
      await route(path).handle(contextFor(answer));
      expect(answer.status).to.equal(500);
    });
  }

  it('adds nothing to a route the feature does not apply to', () => {
    const answer: Answer = {};
    route('/plain').handle(contextFor(answer));
    expect(answer.body).to.equal('{"stores":[null,null]}');
    expect(steps).to.deep.equal([]);
  });

  it('names the hooks of each route phase by phase, for inspect()', async () => {
    const { routes: described } = await app.inspect();
    const phasesOf = (path: string) => described.find((each) => each.path === path)!.phases;
    expect(phasesOf('/wrapped/sync').onRequest).to.deep.equal(['outer', 'inner']);
    expect(phasesOf('/wrapped/sync').handler).to.deep.equal(['Wrapped.sync']);
    expect(phasesOf('/plain').onRequest).to.equal(undefined);
  });
});

describe('the order of pipeline hooks', () => {
  it('refuses at ready() hooks whose before/after go round in a circle, naming them', async () => {
    const app = createApp({ controllers: [Plain], openapi: false, graphql: false });
    app.pipeline.add(storing('a', outer, { before: ['b'] })).add(storing('b', inner, { before: ['a'] }));
    const error = expectCode(await app.ready().catch((err) => err), 'TRELLIS_ERR_HOOK_ORDER_CYCLE');
    expect(error.message).to.contain('a, b');
    await app.close();
  });

  it('refuses at ready() two hooks of one name', async () => {
    const app = createApp({ controllers: [Plain], openapi: false, graphql: false });
    app.pipeline.add(storing('twice', outer)).add(storing('twice', inner));
    expectCode(await app.ready().catch((err) => err), 'TRELLIS_ERR_HOOK_NAME_TAKEN');
    await app.close();
  });
});

describe('onResponse hooks of the route pipeline', () => {
  const answered: string[] = [];
  const noting = (name: string, order: { before?: string[] } = {}): RouteHook<'onResponse'> => ({
    name,
    phase: 'onResponse',
    ...order,
    compile: () => ({ step: (_ctx, failed) => void answered.push(`${name}:${failed ? 'failed' : 'ok'}`) }),
  });

  it('runs every onResponse hook of a route once its answer is written, in the order asked, on success and on failure', async () => {
    const app = createApp({ controllers: [Wrapped], openapi: false, graphql: false });
    // Added second, placed first by `before`.
    app.pipeline.add(noting('metrics')).add(noting('audit', { before: ['metrics'] }));
    await app.ready();
    const route = (path: string) => app.routes.find((candidate) => candidate.path === path)!;
    try {
      const ok: Answer = {};
      route('/wrapped/sync').handle(contextFor(ok));
      expect(ok.status).to.equal(200);
      const failed: Answer = {};
      await route('/wrapped/rejects').handle(contextFor(failed));
      expect(failed.status).to.equal(500);
      expect(answered).to.deep.equal(['audit:ok', 'metrics:ok', 'audit:failed', 'metrics:failed']);
    } finally {
      await app.close();
    }
  });
});
