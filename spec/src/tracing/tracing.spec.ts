import { Agent, get } from 'node:http';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { context, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { expect } from 'chai';
import sinon from 'sinon';
import request from 'supertest';
import { z } from 'zod';
import {
  Controller,
  createApp,
  defineModule,
  ForbiddenException,
  Get,
  Param,
  Query,
  Req,
  Resolver,
  recordGuard,
  UnauthorizedException,
} from '../../../src';
import { checkOption } from '../../../src/kernel/options/check-option';
import { appOptionsSchema } from '../../../src/options/app-options-schema';
import { forEachEngine } from '../../support/engines';
import { expectThrowsCode } from '../../support/expect-code';
import { recordSpans } from '../../support/recorded-spans';
import { type Served, serve } from '../../support/serve';
import { postGraphql } from '../graphql/graphql-client';

const exporter = new InMemorySpanExporter();
const lingeringRequests: WeakRef<object>[] = [];
const lingeringTimers: NodeJS.Timeout[] = [];

const keyModule = defineModule<Record<string, never>>({
  name: 'spec-trace-key',
  install(app) {
    app.guards.define({
      kind: 'spec-trace-key',
      priority: 10,
      compile: () => async (ctx) => {
        if (ctx.headers['x-key'] !== 'open') throw new UnauthorizedException('Bad key');
      },
    });
  },
});
const Keyed = () => recordGuard({ kind: 'spec-trace-key', module: 'spec-trace-key', label: 'Keyed()' });

const syncModule = defineModule<Record<string, never>>({
  name: 'spec-trace-sync',
  install(app) {
    app.guards.define({
      kind: 'spec-trace-sync',
      priority: 20,
      compile: () => (ctx) => {
        if (ctx.headers['x-sync'] !== 'open') throw new ForbiddenException('Not synced');
      },
    });
  },
});
const Synced = () => recordGuard({ kind: 'spec-trace-sync', module: 'spec-trace-sync', label: 'Synced()' });

@Controller('/things')
class ThingsController {
  @Get('/:id')
  @Keyed()
  async one(@Param('id') id: string) {
    return { id };
  }

  @Get('/:id/synced')
  @Synced()
  synced(@Param('id') id: string) {
    return { id };
  }

  @Get('/:id/counted')
  @Keyed()
  counted(@Query(z.object({ n: z.string().regex(/^\d+$/) })) query: { n: string }) {
    return query;
  }

  @Get('/:id/slow')
  async slow(@Param('id') id: string) {
    await new Promise((resolve) => setTimeout(resolve, 40));
    return { id };
  }

  @Get('/:id/broken')
  broken(): never {
    throw new Error('broken');
  }

  // Starts something that outlives the answer (kept by the request's context) and notes its
  // request, to see whether the context keeps the request alive.
  @Get('/:id/lingering')
  lingering(@Param('id') id: string, @Req() req: object) {
    lingeringRequests.push(new WeakRef(req));
    lingeringTimers.push(setInterval(() => {}, 60_000).unref());
    return { id };
  }

  // The application notes something on the active span (the request's).
  @Get('/:id/noted')
  noted(@Param('id') id: string) {
    const active = trace.getActiveSpan();
    active?.setAttribute('app.note', `seen ${id}`);
    return { id, traceId: active?.spanContext().traceId ?? null };
  }

  // The application's own spans, one before an await and one after it.
  @Get('/:id/working')
  async working(@Param('id') id: string) {
    const tracer = trace.getTracer('spec-app');
    tracer.startSpan('app before await').end();
    await new Promise((resolve) => setTimeout(resolve, 1));
    tracer.startSpan('app after await').end();
    return { id };
  }
}

@Resolver()
class ThingsResolver {
  @Query(z.string())
  greeting() {
    return 'hello';
  }
}

const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const CALLER_SPAN = '00f067aa0ba902b7';

/** The spans of one request, found by its request id. */
function spansOf(requestId: string): { root: ReadableSpan; children: ReadableSpan[] } {
  const spans = exporter.getFinishedSpans();
  const root = spans.find((span) => span.attributes['trellis.request_id'] === requestId);
  if (!root) throw new Error(`no span for request ${requestId}`);
  const children = spans.filter((span) => span.parentSpanContext?.spanId === root.spanContext().spanId);
  return { root, children };
}

async function untilSpans(requestId: string, count: number) {
  const deadline = Date.now() + 2000;
  for (;;) {
    try {
      const found = spansOf(requestId);
      if (found.children.length >= count) return found;
    } catch (err) {
      if (Date.now() > deadline) throw err;
    }
    if (Date.now() > deadline) return spansOf(requestId);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** The things app, traced as `tracing` says, with both guard modules, served on `engine`. */
function serveThings(tracing: boolean | { steps: boolean }, engine?: 'express' | 'fastify'): Promise<Served> {
  const app = createApp({
    engine,
    controllers: [ThingsController],
    resolvers: [ThingsResolver],
    requestId: true,
    tracing,
  });
  return serve(app.install(keyModule, {}).install(syncModule, {}));
}

/** Registers, for the enclosing block, the context manager an SDK's start-up registers. */
function withContextManager(): void {
  let manager: AsyncLocalStorageContextManager;
  before(() => {
    manager = new AsyncLocalStorageContextManager().enable();
    context.setGlobalContextManager(manager);
  });
  after(() => {
    context.disable();
    manager.disable();
  });
}

describe('tracing', () => {
  recordSpans({ propagation: true }, exporter);

  describe('over HTTP, with a span for each step', () => {
    forEachEngine((engine) => {
      let served: Served;
      before(async () => {
        served = await serveThings({ steps: true }, engine);
      });
      after(() => served.close());

      it('gives a request a server span named by its route, with the guards and the handler as children', async () => {
        await request(served.url)
          .get('/things/9')
          .set('X-Key', 'open')
          .set('X-Request-Id', `${engine}-t1`)
          .expect(200);
        const { root, children } = await untilSpans(`${engine}-t1`, 2);
        expect(root.name).to.equal('GET /things/:id');
        expect(root.kind).to.equal(SpanKind.SERVER);
        expect(root.attributes).to.include({
          'http.request.method': 'GET',
          'http.route': '/things/:id',
          'http.response.status_code': 200,
          'url.path': '/things/9',
        });
        expect(children.map((span) => span.name).sort()).to.deep.equal([
          'guards',
          'handler ThingsController.one',
        ]);
        for (const child of children)
          expect(child.spanContext().traceId).to.equal(root.spanContext().traceId);
      });

      it('continues the caller trace from traceparent', async () => {
        await request(served.url)
          .get('/things/3')
          .set('X-Key', 'open')
          .set('X-Request-Id', `${engine}-t2`)
          .set('traceparent', `00-${TRACE_ID}-${CALLER_SPAN}-01`)
          .expect(200);
        const { root } = await untilSpans(`${engine}-t2`, 2);
        expect(root.spanContext().traceId).to.equal(TRACE_ID);
        expect(root.parentSpanContext?.spanId).to.equal(CALLER_SPAN);
      });

      it('ends the guards span on a refusal, which is no server error, and runs no handler', async () => {
        await request(served.url).get('/things/9').set('X-Request-Id', `${engine}-t3`).expect(401);
        const { root, children } = await untilSpans(`${engine}-t3`, 1);
        expect(children.map((span) => span.name)).to.deep.equal(['guards']);
        expect(children[0].attributes['http.response.status_code']).to.equal(401);
        expect(children[0].status.code).to.equal(SpanStatusCode.UNSET);
        expect(root.attributes['http.response.status_code']).to.equal(401);
      });

      it('ends the guards span when a synchronous guard refuses, and runs no handler', async () => {
        await request(served.url).get('/things/9/synced').set('X-Request-Id', `${engine}-t7`).expect(403);
        const { children } = await untilSpans(`${engine}-t7`, 1);
        expect(children.map((span) => span.name)).to.deep.equal(['guards']);
        expect(children[0].attributes['http.response.status_code']).to.equal(403);
      });

      it('leaves a failure after the guards passed out of their span: a 422 is not theirs', async () => {
        await request(served.url)
          .get('/things/9/counted?n=many')
          .set('X-Key', 'open')
          .set('X-Request-Id', `${engine}-t8`)
          .expect(422);
        const { root, children } = await untilSpans(`${engine}-t8`, 1);
        expect(children.map((span) => span.name)).to.deep.equal(['guards']);
        expect(children[0].attributes).not.to.have.property('http.response.status_code');
        expect(root.attributes['http.response.status_code']).to.equal(422);
      });

      it('marks a failing handler and its request as errors', async () => {
        await request(served.url).get('/things/9/broken').set('X-Request-Id', `${engine}-t4`).expect(500);
        const { root, children } = await untilSpans(`${engine}-t4`, 1);
        const [handler] = children;
        expect(handler.name).to.equal('handler ThingsController.broken');
        expect(handler.status.code).to.equal(SpanStatusCode.ERROR);
        expect(handler.events.map((event) => event.name)).to.include('exception');
        expect(root.status.code).to.equal(SpanStatusCode.ERROR);
      });

      it('gives each GraphQL resolver call a span under the request', async () => {
        const res = await postGraphql(served.url, 'query Hi { greeting }', {
          headers: { 'X-Request-Id': `${engine}-t5` },
        });
        expect(res.body.data).to.deep.equal({ greeting: 'hello' });
        const { root, children } = await untilSpans(`${engine}-t5`, 1);
        expect(root.name).to.equal('POST /graphql');
        expect(children.map((span) => span.name)).to.deep.equal(['resolve Query.greeting']);
      });

      it('names unmatched requests by their method only', async () => {
        await request(served.url).get('/nowhere').set('X-Request-Id', `${engine}-t6`).expect(404);
        const { root } = await untilSpans(`${engine}-t6`, 0);
        expect(root.name).to.equal('GET');
        expect(root.attributes).not.to.have.property('http.route');
      });
    });
  });

  describe('over HTTP, by default: one span per request', () => {
    forEachEngine((engine) => {
      let served: Served;
      before(async () => {
        served = await serveThings(true, engine);
      });
      after(() => served.close());

      it('gives a request a server span named by its route, and its guards and handler none', async () => {
        await request(served.url)
          .get('/things/9')
          .set('X-Key', 'open')
          .set('X-Request-Id', `${engine}-d1`)
          .expect(200);
        const { root, children } = await untilSpans(`${engine}-d1`, 0);
        expect(root.name).to.equal('GET /things/:id');
        expect(root.attributes).to.include({ 'http.route': '/things/:id', 'http.response.status_code': 200 });
        expect(children).to.deep.equal([]);
        expect(exporter.getFinishedSpans().map((span) => span.name)).to.deep.equal(['GET /things/:id']);
      });

      it('spans the whole request, from its arrival to its answer, though started at its end', async () => {
        const sent = Date.now();
        await request(served.url).get('/things/9/slow').set('X-Request-Id', `${engine}-d4`).expect(200);
        const answered = Date.now();
        const { root } = await untilSpans(`${engine}-d4`, 0);
        const [seconds, nanos] = root.duration;
        const startMs = root.startTime[0] * 1000 + root.startTime[1] / 1e6;
        expect(seconds * 1000 + nanos / 1e6).to.be.within(39, answered - sent + 1);
        expect(startMs).to.be.within(sent - 1, answered);
        expect(root.attributes).to.include({
          'http.route': '/things/:id/slow',
          'url.path': '/things/9/slow',
        });
      });

      it('marks the request failed when its handler fails, and a refusal not', async () => {
        await request(served.url).get('/things/9/broken').set('X-Request-Id', `${engine}-d2`).expect(500);
        await request(served.url).get('/things/9').set('X-Request-Id', `${engine}-d3`).expect(401);
        expect((await untilSpans(`${engine}-d2`, 0)).root.status.code).to.equal(SpanStatusCode.ERROR);
        const refused = (await untilSpans(`${engine}-d3`, 0)).root;
        expect(refused.status.code).to.equal(SpanStatusCode.UNSET);
        expect(refused.attributes['http.response.status_code']).to.equal(401);
      });

      it('still gives each GraphQL resolver call a span under the request', async () => {
        await postGraphql(served.url, 'query Hi { greeting }', {
          headers: { 'X-Request-Id': `${engine}-d4` },
        });
        const { children } = await untilSpans(`${engine}-d4`, 1);
        expect(children.map((span) => span.name)).to.deep.equal(['resolve Query.greeting']);
      });
    });
  });

  describe('closing the application', () => {
    forEachEngine((engine) => {
      it('makes the spans still waiting for the end of their turn before close() resolves', async () => {
        // The turn's end is held back: the batch's flush runs only when close() asks for it.
        const realSetImmediate = globalThis.setImmediate;
        const held: unknown[] = [];
        const stub = sinon.stub(globalThis, 'setImmediate').callsFake(((
          fn: (...args: unknown[]) => void,
          ...args: unknown[]
        ) => {
          if (fn.name === 'flush') {
            held.push(fn);
            return realSetImmediate(() => {});
          }
          return realSetImmediate(() => fn(...args));
        }) as typeof setImmediate);
        let served: Served | undefined;
        try {
          served = await serveThings(true, engine);
          await request(served.url)
            .get('/things/3')
            .set('X-Request-Id', `${engine}-close`)
            .set('X-Key', 'open')
            .expect(200);
          expect(held.length, 'a flush waits for the end of the turn').to.be.above(0);
          expect(() => spansOf(`${engine}-close`)).to.throw('no span');
          await served.close();
          served = undefined;
          expect(spansOf(`${engine}-close`).root.name).to.equal('GET /things/:id');
        } finally {
          stub.restore();
          await served?.close();
        }
      });
    });
  });

  describe("with a context manager: the application's spans under the request's", () => {
    withContextManager();

    forEachEngine((engine) => {
      for (const steps of [false, true]) {
        const parentName = steps ? 'the handler span' : 'the request span';
        describe(steps ? 'with steps' : 'by default', () => {
          let served: Served;
          before(async () => {
            served = await serveThings({ steps }, engine);
          });
          after(() => served.close());

          it('does not keep a request alive through what it started and left running', async () => {
            lingeringRequests.length = 0;
            for (let index = 0; index < 5; index++) {
              await request(served.url)
                .get('/things/7/lingering')
                .set('X-Request-Id', `${engine}-l${index}-${steps}`)
                .expect(200);
            }
            await untilSpans(`${engine}-l4-${steps}`, 0);
            setFlagsFromString('--expose-gc');
            const gc = runInNewContext('gc') as () => void;
            for (let round = 0; round < 3; round++) {
              await new Promise((resolve) => setImmediate(resolve));
              gc();
            }
            for (const timer of lingeringTimers.splice(0)) clearInterval(timer);
            expect(lingeringRequests.filter((ref) => ref.deref() !== undefined)).to.have.length(0);
          });

          it('hands the application the request span as the active one, made once, with every attribute', async () => {
            const id = `${engine}-n-${steps}`;
            const res = await request(served.url).get('/things/6/noted').set('X-Request-Id', id).expect(200);
            const { root, children } = await untilSpans(id, steps ? 1 : 0);
            const mine = exporter
              .getFinishedSpans()
              .filter((span) => span.attributes['trellis.request_id'] === id);
            if (steps) {
              // With steps the handler's span is the active one, a child of the request's.
              const handler = children.find((span) => span.name === 'handler ThingsController.noted');
              expect(handler?.attributes['app.note']).to.equal('seen 6');
              expect(root.attributes['app.note']).to.equal(undefined);
            } else {
              expect(mine).to.have.length(1);
              expect(root.attributes['app.note']).to.equal('seen 6');
            }
            expect(root.name).to.equal('GET /things/:id/noted');
            expect(root.kind).to.equal(SpanKind.SERVER);
            expect(root.attributes).to.include({
              'http.request.method': 'GET',
              'url.path': '/things/6/noted',
              'http.route': '/things/:id/noted',
              'http.response.status_code': 200,
            });
            expect(res.body.traceId).to.equal(root.spanContext().traceId);
          });

          it(`makes ${parentName} the parent of spans the handler starts, before and after an await`, async () => {
            const id = `${engine}-c-${steps}`;
            await request(served.url).get('/things/5/working').set('X-Request-Id', id).expect(200);
            const { root, children } = await untilSpans(id, 1);
            const spans = exporter.getFinishedSpans();
            const handler = children.find((span) => span.name === 'handler ThingsController.working');
            const parent = steps ? handler : root;
            expect(parent, parentName).to.not.equal(undefined);
            for (const name of ['app before await', 'app after await']) {
              const span = spans.find((candidate) => candidate.name === name);
              expect(span?.parentSpanContext?.spanId, name).to.equal(parent?.spanContext().spanId);
              expect(span?.spanContext().traceId, name).to.equal(root.spanContext().traceId);
            }
          });
        });
      }
    });
  });

  describe('a handler mounted beside the routes (as GraphQL and the docs are), with a context manager', () => {
    withContextManager();

    forEachEngine((engine) => {
      let served: Served;
      before(async () => {
        const app = createApp({ engine, requestId: true, tracing: true });
        app.engine.mountHandler({
          name: 'spec raw',
          methods: ['GET'],
          paths: ['/raw/:name'],
          handler: (_req, res) => {
            trace.getTracer('spec-app').startSpan('raw work').end();
            res.end('ok');
          },
        });
        served = await serve(app);
      });
      after(() => served.close());

      it('names the request span by the mounted path and makes it the parent of what the handler starts', async () => {
        await request(served.url).get('/raw/one').set('X-Request-Id', `${engine}-m1`).expect(200);
        const { root, children } = await untilSpans(`${engine}-m1`, 1);
        expect(root.name).to.equal('GET /raw/:name');
        expect(children.map((span) => span.name)).to.deep.equal(['raw work']);
      });
    });
  });

  describe('a context manager registered after the application started', () => {
    let manager: AsyncLocalStorageContextManager | undefined;
    let served: Served;
    before(async () => {
      served = await serveThings(true);
    });
    after(async () => {
      await served?.close();
      context.disable();
      manager?.disable();
    });

    it('is found within 1,024 requests: spans the handler starts then nest under the request span', async () => {
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      const { port } = new URL(served.url);
      const answer = (id: string) =>
        new Promise<number>((resolve, reject) => {
          const path = '/things/5/working';
          get({ host: '127.0.0.1', port, path, agent, headers: { 'x-request-id': id } }, (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode ?? 0));
          }).on('error', reject);
        });
      try {
        expect(await answer('late-0')).to.equal(200);
        manager = new AsyncLocalStorageContextManager().enable();
        context.setGlobalContextManager(manager);
        for (let index = 1; index <= 1_025; index++) expect(await answer(`late-${index}`)).to.equal(200);
      } finally {
        agent.destroy();
      }
      const parentOfAppSpan = (id: string) => {
        const { root } = spansOf(id);
        const spans = exporter.getFinishedSpans().filter((span) => span.name === 'app before await');
        return spans.some((span) => span.parentSpanContext?.spanId === root.spanContext().spanId);
      };
      expect(parentOfAppSpan('late-0'), 'before the manager').to.equal(false);
      expect(parentOfAppSpan('late-1025'), 'the last request').to.equal(true);
    });
  });

  describe('the option', () => {
    const check = (tracing: unknown) => () => checkOption(appOptionsSchema([]), { tracing }, 'options');

    it('refuses steps that are not a boolean, naming the path', () => {
      const failure = expectThrowsCode(check({ steps: 'yes' }), 'TRELLIS_ERR_INVALID_OPTION');
      expect(failure.message).to.match(/^options\.tracing/);
    });

    it('accepts true, and an object with steps', () => {
      expect(check(true)).not.to.throw();
      expect(check({ steps: true, tracerName: 'shop' })).not.to.throw();
    });
  });

  describe('without the option', () => {
    it('starts no span at all', async () => {
      const served = await serve(
        createApp({ controllers: [ThingsController], requestId: true })
          .install(keyModule, {})
          .install(syncModule, {}),
      );
      try {
        await request(served.url).get('/things/1').set('X-Key', 'open').expect(200);
        expect(exporter.getFinishedSpans()).to.deep.equal([]);
      } finally {
        await served.close();
      }
    });
  });
});
