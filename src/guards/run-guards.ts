import type { RequestContext } from '../routing/request-context';
import type { GuardCheck } from './guard-registry';

/** Runs the checks in order, awaiting only those that are asynchronous. */
export async function runGuards(checks: readonly GuardCheck[], ctx: RequestContext): Promise<void> {
  for (const check of checks) {
    const pending = check(ctx);
    if (pending) await pending;
  }
}
