import type { CallContext } from '../call-context';
import type { GuardCheck } from './guard-registry';

/**
 * `next` behind the checks, in order: synchronous while the checks are, and with no closure per
 * call on that path, so a handler whose guards answer at once pays for no promise. Once a check
 * is asynchronous, gives a promise of `next`'s result; a refusal throws, or rejects once waiting.
 */
export function guarded<C extends CallContext, T>(
  checks: readonly GuardCheck[],
  next: (ctx: C) => T | Promise<T>,
): (ctx: C) => T | Promise<T> {
  if (checks.length === 0) return next;
  const from = (ctx: C, first: number): T | Promise<T> => {
    for (let i = first; i < checks.length; i++) {
      const pending = checks[i](ctx);
      if (pending) return pending.then(() => from(ctx, i + 1));
    }
    return next(ctx);
  };
  return (ctx) => from(ctx, 0);
}
