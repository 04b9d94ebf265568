import { AsyncLocalStorage } from 'node:async_hooks';
import { expect } from 'chai';
import { Controller, createApp, Get, type RouteExtension } from '../../../index';
import type { RequestContext } from '../../../src/http/request-context';
import type { CompiledRoute } from '../../../src/routing/compiled-route';
import { fakeRequestContext } from '../../support/fake-request-context';

// Two features, each with its own store, to see how their arounds nest and what the call sees.
const outer = new AsyncLocalStorage<string>();
const inner = new AsyncLocalStorage<string>();
const steps: string[] = [];

const stores = () => [outer.getStore(), inner.getStore()];

// Wraps every route but `Plain.*`: a feature that does not apply to a route adds nothing to it.
function storing(name: string, store: AsyncLocalStorage<string>): RouteExtension {
  return {
    compile: (_handler, where) =>
      where.startsWith('Plain.')
        ? undefined
        : {
            around: (ctx, call) => {
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

describe("a route part's around", () => {
  let routes: readonly CompiledRoute[];
  const app = createApp({ controllers: [Wrapped, Plain], openapi: false, graphql: false });
  app.routeExtensions.push(storing('outer', outer), storing('inner', inner));

  before(async () => {
    await app.ready();
    routes = app.routes;
  });
  after(() => app.close());
  beforeEach(() => {
    steps.length = 0;
  });

  const route = (path: string) => routes.find((candidate) => candidate.path === path)!;

  it('runs the whole call inside every around, the first extension outermost, and answers before handle() returns', () => {
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
});
