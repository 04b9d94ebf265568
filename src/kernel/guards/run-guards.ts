import type { CallContext } from '../call-context';
import type { GuardCheck } from './guard-registry';

/**
 * Runs the checks in order, then `next`; synchronous while the checks are, so a route whose
 * guards are all synchronous pays for no promise. Once a check is asynchronous, returns a promise
 * of `next`'s result; a refusal then goes to `onRefusal` (synchronous refusals throw).
 */
export function runGuardsThen<T>(
  checks: readonly GuardCheck[],
  ctx: CallContext,
  next: () => T | Promise<T>,
  onRefusal: (err: unknown) => T | Promise<T>,
  first = 0,
): T | Promise<T> {
  for (let i = first; i < checks.length; i++) {
    const pending = checks[i](ctx);
    if (pending) return pending.then(() => continueFrom(checks, ctx, next, onRefusal, i + 1), onRefusal);
  }
  return next();
}

// After an asynchronous check, a later synchronous refusal must reach `onRefusal` too.
function continueFrom<T>(
  checks: readonly GuardCheck[],
  ctx: CallContext,
  next: () => T | Promise<T>,
  onRefusal: (err: unknown) => T | Promise<T>,
  first: number,
): T | Promise<T> {
  try {
    return runGuardsThen(checks, ctx, next, onRefusal, first);
  } catch (err) {
    return onRefusal(err);
  }
}

const pass = () => undefined;
const refuse = (err: unknown): undefined => {
  throw err;
};

/** Runs the checks in order; returns a promise only once a check is asynchronous. */
export function runGuards(checks: readonly GuardCheck[], ctx: CallContext): void | Promise<void> {
  return runGuardsThen(checks, ctx, pass, refuse);
}
