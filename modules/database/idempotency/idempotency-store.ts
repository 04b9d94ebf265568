/** An answer kept for replay. */
export interface StoredAnswer {
  status: number;
  /** The JSON body as written; absent for an empty answer. */
  body?: string;
  /** The headers worth replaying (`Location`). */
  headers?: Record<string, string>;
}

/** What `begin` found under a key: claimed by this request (with its claim's token), or held by another. */
export type IdempotencyClaim =
  | { state: 'claimed'; token?: string }
  | { state: 'running'; fingerprint: string }
  | { state: 'done'; fingerprint: string; answer: StoredAnswer };

/**
 * Where `Idempotent()` keeps keys and answers. Also the container token: the database's own
 * table by default; a Redis implementation when the application has Redis.
 */
export abstract class IdempotencyStore {
  /**
   * Claims `key` for a request with `fingerprint` for `lockMs` (renewed while it runs), unless a
   * live claim holds it: then says whether it is still running or done, with its answer.
   */
  abstract begin(key: string, fingerprint: string, lockMs: number): Promise<IdempotencyClaim>;
  /**
   * Keeps the answer of the request that claimed `key` (with `fingerprint`, and `token` when its
   * claim had one) for `ttlMs`; rejects when that claim was lost to another request.
   */
  abstract complete(
    key: string,
    fingerprint: string,
    answer: StoredAnswer,
    ttlMs: number,
    token?: string,
  ): Promise<void>;
  /** Gives up a claim that is still running (the request failed on the server side): a retry runs again. */
  abstract release(key: string, token?: string): Promise<void>;
  /** Extends a running claim by `lockMs`; resolves to whether the claim was still this request's. */
  renew?(key: string, token: string | undefined, lockMs: number): Promise<boolean>;
  /**
   * Present when the store writes in the handler's own database: runs the handler in one
   * transaction, so an answer `complete`d inside it commits, or rolls back, with its writes.
   */
  atomically?<T>(call: () => Promise<T>): Promise<T>;
  /** Creates what the store needs (its table), at `ready()`. */
  prepare?(): Promise<void>;
}
