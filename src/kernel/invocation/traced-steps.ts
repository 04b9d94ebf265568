import { isThenable } from '../../../container/is-thenable';
import type { CallContext } from '../call-context';
import type { GuardCheck } from '../guards/guard-registry';
import { runGuards } from '../guards/guarded';
import type { CallTracer } from './call-tracer';

type Step<C, T> = (ctx: C) => T | Promise<T>;

/** The guards as one span around the one guard loop: ended when they pass (before `next` runs) or one refuses. */
export function tracedGuards<C extends CallContext, T>(
  tracing: CallTracer,
  checks: readonly GuardCheck[],
  next: Step<C, T>,
): Step<C, T> {
  if (checks.length === 0) return next;
  return (ctx) => {
    const step = tracing.step(ctx, 'guards');
    let pending: void | Promise<void>;
    try {
      pending = runGuards(checks, ctx);
    } catch (err) {
      step.end(err);
      throw err;
    }
    if (!pending) {
      step.end();
      return next(ctx);
    }
    // `next` runs outside the span: its failure (a 422, the method's) is not the guards'.
    return pending.then(
      () => {
        step.end();
        return next(ctx);
      },
      (err: unknown) => {
        step.end(err);
        throw err;
      },
    );
  };
}

/** The method call as one span, ended when the call returns or, when it gives a promise, settles. */
export function tracedCall<C extends CallContext>(
  tracing: CallTracer,
  name: string,
  call: (ctx: C, args: unknown[]) => unknown,
): (ctx: C, args: unknown[]) => unknown {
  return (ctx, args) => {
    const step = tracing.step(ctx, name);
    let result: unknown;
    try {
      result = step.run(() => call(ctx, args));
    } catch (err) {
      step.end(err);
      throw err;
    }
    if (!isThenable(result)) {
      step.end();
      return result;
    }
    return Promise.resolve(result).then(
      (value) => {
        step.end();
        return value;
      },
      (err: unknown) => {
        step.end(err);
        throw err;
      },
    );
  };
}
