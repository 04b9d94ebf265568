import type { AppContainer as Container } from '../../../container/app-container';
import { isThenable } from '../../../container/is-thenable';
import { planResolution, type Resolver } from '../../../container/resolution-plan';
import type { CallContext } from '../call-context';
import { compileGuards } from '../guards/compile-guards';
import type { GuardCheck, GuardRegistry, GuardSite } from '../guards/guard-registry';
import { guarded } from '../guards/guarded';
import { compileCallWrappers, wrapCall } from '../interceptors/compile-interceptors';
import type { InterceptorRegistry } from '../interceptors/interceptor-registry';
import type { ClassMetadata, GuardMetadata, MethodMetadata } from '../metadata/types';
import type { ReaderTable } from './argument-readers';
import type { CallTracer } from './call-tracer';
import { compileArguments } from './compile-arguments';
import { tracedCall, tracedGuards } from './traced-steps';

/** What compiling an invocation needs from the application. */
export interface InvocationEnv {
  container: Container;
  guards: GuardRegistry;
  /** When set, the guards and the method call each get a span (a `guards` and a `handler X.y`). */
  tracing?: CallTracer;
  /** The interceptor kinds modules provide (`Transactional()` wraps the call). */
  interceptors?: InterceptorRegistry;
}

/** The handler to invoke and what its transport adds to the shared steps. */
export interface InvocationTarget<C extends CallContext> {
  owner: ClassMetadata;
  method: MethodMetadata;
  /** The guards that apply to this handler (its class's and its own, as the transport decides). */
  guards: readonly GuardMetadata[];
  /** Checks run after the declared guards, in the same loop (the pipeline's guard hooks). */
  checks?: readonly ((ctx: C) => void | Promise<void>)[];
  /** How the transport reads the values of decorated parameters. */
  readers: ReaderTable<C>;
  site: GuardSite;
  /** The owner's resolution plan when the transport shares one between handlers. */
  resolveOwner?: Resolver;
  /** Runs after the guards, before the arguments are built (a gateway validates its message). */
  prepare?: (ctx: C) => void | Promise<void>;
  /** Run after the guards and `prepare`, around the arguments and the call, outermost first (a route's `Idempotent()`). */
  intercept?: readonly ((ctx: C, next: () => unknown) => unknown)[];
  /** Fills what the decorated parameters leave (a gateway's positional connection and message). */
  completeArguments?: (args: unknown[], ctx: C) => void;
}

/**
 * Runs one handler for one call: the method's result, or a promise of it once a step is
 * asynchronous. A failure throws (rejects once asynchronous); the transport answers it.
 */
export type Invocation<C extends CallContext = CallContext> = (ctx: C) => unknown;

type Method = (...args: unknown[]) => unknown;

/**
 * Compiles, once, the path every transport shares: guards (401 before 403) -> `prepare` ->
 * interceptors -> arguments (extraction, validation, then `Depends`) -> resolution of the owner ->
 * the method. Each step hands on to the next synchronously; only a step that returns a promise
 * makes the rest wait, so a call whose steps all answer at once returns its result without a
 * microtask hop.
 */
export function compileInvocation<C extends CallContext>(
  target: InvocationTarget<C>,
  env: InvocationEnv,
): Invocation<C> {
  const { owner, method, site, prepare, completeArguments } = target;
  const declared = compileGuards([...target.guards], env.guards, site);
  // The loop hands every check the call's own context, the transport's.
  const checks = target.checks?.length
    ? [...declared, ...(target.checks as readonly GuardCheck[])]
    : declared;
  const buildArguments = compileArguments(method.params, target.readers, site, env.container);
  const resolveOwner = target.resolveOwner ?? planResolution(env.container, owner.target);
  const fn = owner.target.prototype[method.name] as Method;

  // Every choice below is made here, once: a call never tests for a hook or a tracer it lacks.
  const wrappers = compileCallWrappers(method, env.interceptors, site);
  const apply =
    wrappers.length === 0
      ? (ctx: C, args: unknown[]): unknown => fn.apply(resolveOwner(ctx), args)
      : (ctx: C, args: unknown[]): unknown => {
          const owner = resolveOwner(ctx);
          return wrapCall(wrappers, () => fn.apply(owner, args));
        };
  const traced = env.tracing
    ? tracedCall(env.tracing, `handler ${site.className}.${site.methodName}`, apply)
    : apply;
  const call = completeArguments
    ? (ctx: C, args: unknown[]): unknown => {
        completeArguments(args, ctx);
        return traced(ctx, args);
      }
    : traced;
  const withArguments = (ctx: C): unknown => {
    const built = buildArguments(ctx);
    if (!isThenable(built)) return call(ctx, built);
    return built.then((args) => call(ctx, args));
  };
  const intercepted = (target.intercept ?? []).reduceRight(
    (next: (ctx: C) => unknown, interceptor) =>
      (ctx: C): unknown =>
        interceptor(ctx, () => next(ctx)),
    withArguments,
  );
  // Prepared before the interceptors: what they judge a call by (a multipart body) is read by then.
  const afterGuards = prepare
    ? (ctx: C): unknown => {
        const prepared = prepare(ctx);
        if (!isThenable(prepared)) return intercepted(ctx);
        return prepared.then(() => intercepted(ctx));
      }
    : intercepted;
  return env.tracing ? tracedGuards(env.tracing, checks, afterGuards) : guarded(checks, afterGuards);
}
