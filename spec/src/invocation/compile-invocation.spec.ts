import { expect } from 'chai';
import { Container } from 'inversify';
import { z } from 'zod';
import { ForbiddenException, UnauthorizedException, ValidationException } from '../../../src';
import type { RequestContext } from '../../../src/http/request-context';
import { type GuardCheck, GuardRegistry, type GuardSite } from '../../../src/kernel/guards/guard-registry';
import { compileInvocation, type InvocationTarget } from '../../../src/kernel/invocation/compile-invocation';
import { emptyClassMetadata, emptyMethodMetadata } from '../../../src/kernel/metadata/registry';
import type {
  ClassMetadata,
  GuardMetadata,
  MethodMetadata,
  ParamMetadata,
} from '../../../src/kernel/metadata/types';
import { HTTP_READERS } from '../../../src/routing/http-readers';
import type { Tracing } from '../../../src/tracing/tracing';
import { fakeRequestContext } from '../../support/fake-request-context';

// What each step did, in order, for one spec.
const order: string[] = [];

class Reports {
  readonly id = Math.random();

  sync(query: unknown, dep: unknown) {
    order.push('method');
    return { query, dep };
  }

  async later(query: unknown, dep: unknown) {
    await new Promise((resolve) => setImmediate(resolve));
    order.push('method');
    return { query, dep };
  }

  boom() {
    order.push('method');
    throw new Error('boom');
  }

  self() {
    return this;
  }

  positional(connection: unknown, message: unknown) {
    order.push('method');
    return { connection, message };
  }
}

const site: GuardSite = {
  className: 'Reports',
  methodName: 'sync',
  transport: 'http',
  container: new Container(),
};

const context = fakeRequestContext;

const syncDependency = () => {
  order.push('arguments');
  return 'dep';
};
const asyncDependency = async () => {
  await new Promise((resolve) => setImmediate(resolve));
  order.push('arguments');
  return 'dep';
};

function method(
  name: keyof Reports,
  params: ParamMetadata[] = [],
  guards: GuardMetadata[] = [],
): MethodMetadata {
  return { ...emptyMethodMetadata(name), guards, params };
}

const owner: ClassMetadata = emptyClassMetadata(Reports);

// 'auth' (401) runs before 'role' (403) by priority, whatever the declaration order.
type Verdict = 'pass' | 'refuse' | 'pass-later' | 'refuse-later';
function registry(auth: Verdict, role: Verdict): GuardRegistry {
  const guards = new GuardRegistry();
  const check =
    (name: string, verdict: Verdict, refusal: () => Error): GuardCheck =>
    () => {
      order.push(name);
      if (verdict === 'refuse') throw refusal();
      if (verdict === 'pass-later') return new Promise((resolve) => setImmediate(resolve));
      if (verdict === 'refuse-later') return Promise.reject(refusal());
    };
  guards.define({
    kind: 'auth',
    priority: 10,
    compile: () => check('auth', auth, () => new UnauthorizedException()),
  });
  guards.define({
    kind: 'role',
    priority: 20,
    compile: () => check('role', role, () => new ForbiddenException()),
  });
  return guards;
}

const BOTH_GUARDS: GuardMetadata[] = [
  { kind: 'role', module: 'spec', label: 'Role()' },
  { kind: 'auth', module: 'spec', label: 'Auth()' },
];
const QUERY_AND_DEP: ParamMetadata[] = [
  { index: 0, kind: 'query' },
  { index: 1, kind: 'depends', provider: syncDependency, scope: 'transient' },
];

function compile(
  target: Partial<InvocationTarget<RequestContext>> & { method: MethodMetadata },
  guards = registry('pass', 'pass'),
  tracing?: Tracing,
) {
  return compileInvocation(
    {
      owner,
      guards: BOTH_GUARDS,
      readers: HTTP_READERS,
      site: { ...site, methodName: target.method.name },
      ...target,
    },
    { container: new Container(), guards, tracing },
  );
}

async function rejection(outcome: unknown): Promise<unknown> {
  expect(outcome).to.be.instanceOf(Promise);
  try {
    await outcome;
  } catch (err) {
    return err;
  }
  throw new Error('expected a rejection');
}

describe('compileInvocation()', () => {
  beforeEach(() => {
    order.length = 0;
  });

  it('when every step is synchronous, returns the method result itself, not a promise', () => {
    const invoke = compile({ method: method('sync', QUERY_AND_DEP) });
    const result = invoke(context({ query: { q: 'x' } }));
    expect(result).to.deep.equal({ query: { q: 'x' }, dep: 'dep' });
    expect(order).to.deep.equal(['auth', 'role', 'arguments', 'method']);
  });

  it('runs the guards before the arguments are built, 401 before 403 whatever the declaration order', () => {
    const invoke = compile({ method: method('sync', QUERY_AND_DEP) }, registry('refuse', 'refuse'));
    expect(() => invoke(context())).to.throw(UnauthorizedException);
    expect(order).to.deep.equal(['auth']);
  });

  it('when a later guard refuses synchronously, throws its 403 at once and builds no argument', () => {
    const invoke = compile({ method: method('sync', QUERY_AND_DEP) }, registry('pass', 'refuse'));
    expect(() => invoke(context())).to.throw(ForbiddenException);
    expect(order).to.deep.equal(['auth', 'role']);
  });

  it('when an asynchronous guard rejects, rejects with its refusal before any argument is built', async () => {
    const invoke = compile({ method: method('sync', QUERY_AND_DEP) }, registry('refuse-later', 'pass'));
    expect(await rejection(invoke(context()))).to.be.instanceOf(UnauthorizedException);
    expect(order).to.deep.equal(['auth']);
  });

  it('after an asynchronous guard, a synchronous refusal of the next still rejects and stops there', async () => {
    const invoke = compile({ method: method('sync', QUERY_AND_DEP) }, registry('pass-later', 'refuse'));
    expect(await rejection(invoke(context()))).to.be.instanceOf(ForbiddenException);
    expect(order).to.deep.equal(['auth', 'role']);
  });

  it('chains asynchronous guards, dependencies and methods in order, resolving to the result', async () => {
    const params: ParamMetadata[] = [
      { index: 0, kind: 'query' },
      { index: 1, kind: 'depends', provider: asyncDependency, scope: 'transient' },
    ];
    const invoke = compile({ method: method('later', params) }, registry('pass-later', 'pass-later'));
    const outcome = invoke(context({ query: { q: 'y' } }));
    expect(outcome).to.be.instanceOf(Promise);
    expect(await outcome).to.deep.equal({ query: { q: 'y' }, dep: 'dep' });
    expect(order).to.deep.equal(['auth', 'role', 'arguments', 'method']);
  });

  it('when a value fails its schema, throws one 422 before resolving dependencies or calling the method', () => {
    const params: ParamMetadata[] = [
      { index: 0, kind: 'query', schema: z.object({ page: z.coerce.number() }) },
      { index: 1, kind: 'depends', provider: syncDependency, scope: 'transient' },
    ];
    const invoke = compile({ method: method('sync', params) });
    expect(() => invoke(context({ query: { page: 'two' } }))).to.throw(ValidationException);
    expect(order).to.deep.equal(['auth', 'role']);
  });

  it('lets a method failure through as thrown, after every earlier step', () => {
    const invoke = compile({ method: method('boom') });
    expect(() => invoke(context())).to.throw('boom');
    expect(order).to.deep.equal(['auth', 'role', 'method']);
  });

  it('with no guards, goes straight to the arguments', () => {
    const invoke = compile(
      { method: method('sync', QUERY_AND_DEP), guards: [] },
      registry('refuse', 'refuse'),
    );
    expect(invoke(context())).to.deep.equal({ query: {}, dep: 'dep' });
    expect(order).to.deep.equal(['arguments', 'method']);
  });

  it('resolves the owner after the arguments, just before the method, through resolveOwner when given', () => {
    const invoke = compile({
      method: method('sync', QUERY_AND_DEP),
      resolveOwner: () => {
        order.push('resolve');
        return new Reports();
      },
    });
    invoke(context());
    expect(order).to.deep.equal(['auth', 'role', 'arguments', 'resolve', 'method']);
  });

  it('without resolveOwner, plans the owner in the container: a singleton serves every call', () => {
    const invoke = compile({ method: method('self'), guards: [] });
    const first = invoke(context());
    expect(first).to.be.instanceOf(Reports);
    expect(invoke(context())).to.equal(first);
  });

  it('runs prepare after the guards and before the arguments, and completeArguments before the method', () => {
    const invoke = compile({
      method: method('positional', [
        { index: 2, kind: 'depends', provider: syncDependency, scope: 'transient' },
      ]),
      prepare: (ctx) => {
        order.push('prepare');
        ctx.body = { validated: ctx.body };
      },
      completeArguments: (args, ctx) => {
        order.push('complete');
        args[0] = 'connection';
        args[1] = ctx.body;
      },
    });
    expect(invoke(context({ body: 'hi' }))).to.deep.equal({
      connection: 'connection',
      message: { validated: 'hi' },
    });
    expect(order).to.deep.equal(['auth', 'role', 'prepare', 'arguments', 'complete', 'method']);
  });

  it('waits for an asynchronous prepare; when it fails, no argument is built', async () => {
    const invoke = compile({
      method: method('positional', [
        { index: 2, kind: 'depends', provider: syncDependency, scope: 'transient' },
      ]),
      prepare: async () => {
        order.push('prepare');
        throw new ValidationException([{ path: 'text', message: 'bad', code: 'custom' }]);
      },
    });
    expect(await rejection(invoke(context()))).to.be.instanceOf(ValidationException);
    expect(order).to.deep.equal(['auth', 'role', 'prepare']);
  });

  it('runs prepare before the interceptors, which wrap the arguments and the method, outermost first', async () => {
    const invoke = compile({
      method: method('later', [{ index: 1, kind: 'depends', provider: syncDependency, scope: 'transient' }]),
      prepare: async (ctx) => {
        order.push('prepare');
        ctx.body = 'read';
      },
      intercept: ['outer', 'inner'].map((name) => async (ctx: RequestContext, next: () => unknown) => {
        // What an interceptor judges the call by is there when it runs.
        order.push(`${name} sees ${String(ctx.body)}`);
        const result = await next();
        order.push(`${name} done`);
        return result;
      }),
    });
    await invoke(context());
    expect(order).to.deep.equal([
      'auth',
      'role',
      'prepare',
      'outer sees read',
      'inner sees read',
      'arguments',
      'method',
      'inner done',
      'outer done',
    ]);
  });

  it('reaches no interceptor when prepare fails', async () => {
    const invoke = compile({
      method: method('sync'),
      prepare: () => {
        order.push('prepare');
        throw new ValidationException([{ path: 'file', message: 'too large', code: 'custom' }]);
      },
      intercept: [
        (_ctx: RequestContext, next: () => unknown) => {
          order.push('interceptor');
          return next();
        },
      ],
    });
    expect(() => invoke(context())).to.throw(ValidationException);
    expect(order).to.deep.equal(['auth', 'role', 'prepare']);
  });

  describe('with tracing', () => {
    // A tracer that records each span's name and how it ended.
    function recordingTracing(spans: string[]): Tracing {
      return {
        step: (_ctx: RequestContext, name: string) => ({
          run: <T>(fn: () => T) => fn(),
          end: (err?: unknown) => {
            spans.push(
              err === undefined ? `${name} ok` : `${name} failed: ${(err as Error).constructor.name}`,
            );
          },
        }),
      } as unknown as Tracing;
    }

    it('gives the guards and the method a span each and stays synchronous', () => {
      const spans: string[] = [];
      const invoke = compile(
        { method: method('sync', QUERY_AND_DEP) },
        registry('pass', 'pass'),
        recordingTracing(spans),
      );
      expect(invoke(context())).to.deep.equal({ query: {}, dep: 'dep' });
      expect(spans).to.deep.equal(['guards ok', 'handler Reports.sync ok']);
    });

    it('ends the guards span once with the refusal, and starts no handler span', async () => {
      const spans: string[] = [];
      const invoke = compile(
        { method: method('sync') },
        registry('pass-later', 'refuse'),
        recordingTracing(spans),
      );
      expect(await rejection(invoke(context()))).to.be.instanceOf(ForbiddenException);
      expect(spans).to.deep.equal(['guards failed: ForbiddenException']);
    });

    it('when the arguments fail after the guards passed, the guards span stays ended as passed', () => {
      const params: ParamMetadata[] = [
        { index: 0, kind: 'query', schema: z.object({ page: z.coerce.number() }) },
      ];
      const spans: string[] = [];
      const invoke = compile(
        { method: method('sync', params) },
        registry('pass', 'pass'),
        recordingTracing(spans),
      );
      expect(() => invoke(context({ query: { page: 'two' } }))).to.throw(ValidationException);
      expect(spans).to.deep.equal(['guards ok']);
    });

    it('ends the handler span when an asynchronous method settles', async () => {
      const spans: string[] = [];
      const invoke = compile(
        { method: method('later') },
        registry('pass-later', 'pass'),
        recordingTracing(spans),
      );
      await invoke(context());
      expect(spans).to.deep.equal(['guards ok', 'handler Reports.later ok']);
    });
  });
});
