import { isThenable } from '../../../container/is-thenable';
import type { CallContext } from '../call-context';
import type { GuardCheck } from '../guards/guard-registry';
import { runGuardsThen } from '../guards/run-guards';
import type { CallTracer } from './call-tracer';

type Step<C, T> = (ctx: C) => T | Promise<T>;

/** The guards as one span: ended when they pass (before `next` runs) or when one refuses. */
export function tracedGuards<C extends CallContext, T>(
  tracing: CallTracer,
  checks: readonly GuardCheck[],
  next: Step<C, T>,
): Step<C, T> {
  if (checks.length === 0) return next;
  return (ctx) => {
    const step = tracing.step(ctx, 'guards');
    // A failure of a later step (a 422, the method) must not end the guards span a second time.
    let open = true;
    const pass = () => {
      open = false;
      step.end();
      return next(ctx);
    };
    const refuse = (err: unknown): never => {
      if (open) {
        open = false;
        step.end(err);
      }
      throw err;
    };
    try {
      return runGuardsThen(checks, ctx, pass, refuse);
    } catch (err) {
      return refuse(err);
    }
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
