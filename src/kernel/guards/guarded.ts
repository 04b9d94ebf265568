import type { CallContext } from '../call-context';
import type { GuardCheck } from './guard-registry';

const passed = (): undefined => undefined;

// The one loop over guard checks: every transport, tracing and the upgrade reach the checks
// through it (spec/src/kernel/one-guard-loop.spec.ts keeps it so). Not a closure: a call on the
// synchronous path allocates nothing, and a refusal throws (rejects once a check has waited).
function runFrom<C extends CallContext, T>(
  checks: readonly GuardCheck[],
  next: (ctx: C) => T | Promise<T>,
  ctx: C,
  first: number,
): T | Promise<T> {
  for (let i = first; i < checks.length; i++) {
    const pending = checks[i](ctx);
    if (pending) return pending.then(() => runFrom(checks, next, ctx, i + 1));
  }
  return next(ctx);
}

/**
 * `next` behind the checks, in order: synchronous while the checks are, so a handler whose guards
 * answer at once pays for no promise. Once a check is asynchronous, gives a promise of `next`'s
 * result; a refusal throws, or rejects once waiting.
 * @example const handle = guarded(compileGuards(declared, registry, site), invoke);
 */
export function guarded<C extends CallContext, T>(
  checks: readonly GuardCheck[],
  next: (ctx: C) => T | Promise<T>,
): (ctx: C) => T | Promise<T> {
  if (checks.length === 0) return next;
  return (ctx) => runFrom(checks, next, ctx, 0);
}

/** Runs the checks alone, as `guarded` does: a promise only once a check is asynchronous. */
export function runGuards(checks: readonly GuardCheck[], ctx: CallContext): void | Promise<void> {
  return runFrom(checks, passed, ctx, 0);
}

/**
 * The checks whose position `keep` accepts, in order (a transport that judges a caller ahead of a
 * request leaves the authenticating check out). Here, beside the loop, so that no other file
 * walks a list of checks.
 */
export function selectChecks(checks: readonly GuardCheck[], keep: (index: number) => boolean): GuardCheck[] {
  const kept: GuardCheck[] = [];
  for (let i = 0; i < checks.length; i++) if (keep(i)) kept.push(checks[i]);
  return kept;
}
