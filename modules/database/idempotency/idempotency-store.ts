/** An answer kept for replay. */
export interface StoredAnswer {
  status: number;
  /** The JSON body as written; absent for an empty answer. */
  body?: string;
  /** The headers worth replaying (`Location`). */
  headers?: Record<string, string>;
}

/** What `begin` found under a key another request already claimed. */
export type IdempotencyClaim =
  | { state: 'claimed' }
  | { state: 'running'; fingerprint: string }
  | { state: 'done'; fingerprint: string; answer: StoredAnswer };

/**
 * Where `Idempotent()` keeps keys and answers. Also the container token: the database's own
 * table by default; a Redis implementation when the application has Redis.
 */
export abstract class IdempotencyStore {
  /**
   * Claims `key` for a request with `fingerprint` for `lockMs` (the time it may run), unless a
   * live claim holds it: then says whether it is still running or done, with its answer.
   */
  abstract begin(key: string, fingerprint: string, lockMs: number): Promise<IdempotencyClaim>;
  /** Keeps the answer of the request that claimed `key` (with `fingerprint`) for `ttlMs`. */
  abstract complete(key: string, fingerprint: string, answer: StoredAnswer, ttlMs: number): Promise<void>;
  /** Gives up a claim (the request failed on the server side): a retry runs again. */
  abstract release(key: string): Promise<void>;
  /** Creates what the store needs (its table), at `ready()`. */
  prepare?(): Promise<void>;
}
