import type { IdempotencyStore } from './idempotency-store';

/** A running claim's renewal; `stop()` ends it once the request is done. */
export interface ClaimLease {
  stop(): void;
}

/**
 * Renews the claim on `key` every third of `lockMs` while its request runs, so a handler slower
 * than the lock still holds its key; a crashed process stops renewing and the claim lapses
 * within `lockMs`. A failed renewal is left to the next one (the lock leaves room for two).
 */
export function renewClaim(
  store: IdempotencyStore,
  key: string,
  token: string | undefined,
  lockMs: number,
): ClaimLease {
  if (!store.renew) return { stop() {} };
  const timer = setInterval(
    () => {
      store.renew!(key, token, lockMs).catch(() => {});
    },
    Math.max(1, Math.floor(lockMs / 3)),
  );
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
