import { isThenable } from '../../../container/is-thenable';

type Step<C> = (ctx: C) => void | Promise<void>;

/**
 * Steps run one after the other, each awaited only when it returns a promise, so that steps
 * that finish at once cost no microtask; `undefined` when there are none.
 */
export function composeSteps<C>(steps: readonly Step<C>[]): Step<C> | undefined {
  if (steps.length === 0) return undefined;
  if (steps.length === 1) return steps[0];
  return (ctx) => {
    for (let i = 0; i < steps.length; i++) {
      const done = steps[i]!(ctx);
      if (isThenable(done)) return continueAfter(done, steps, i + 1, ctx);
    }
  };
}

async function continueAfter<C>(done: Promise<void>, steps: readonly Step<C>[], from: number, ctx: C) {
  await done;
  for (let i = from; i < steps.length; i++) await steps[i]!(ctx);
}

/** Steps that wrap the rest of a call, nested, the first outermost: `call` inside them all. */
export function nestArounds<C, T>(
  arounds: readonly (<R>(ctx: C, call: (ctx: C) => R) => R)[],
  call: (ctx: C) => T,
): (ctx: C) => T {
  return arounds.reduceRight((inner: (ctx: C) => T, outer) => (ctx: C) => outer(ctx, inner), call);
}
