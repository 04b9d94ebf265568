/**
 * How a job's payload is kept in graphile-worker's `payload` column: the application's payload,
 * and beside it what links the run to the request that enqueued it. A schedule's run has
 * graphile-worker's own `{ _cron }` payload instead.
 */
export interface StoredPayload {
  payload?: unknown;
  trellis?: { requestId?: string; spanLink?: string };
}

/** The stored form of a payload. */
export function storedPayload(payload: unknown, requestId?: string, spanLink?: string): StoredPayload {
  return requestId || spanLink ? { payload, trellis: { requestId, spanLink } } : { payload };
}

/** The application's payload of a stored one (null for a schedule's run). */
export function payloadOf(stored: unknown): unknown {
  return (stored as StoredPayload | null)?.payload ?? null;
}
