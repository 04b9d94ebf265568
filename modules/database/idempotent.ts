import { HTTP_STATUS, recordInterceptor } from '../../src/kernel';

/** Options of `Idempotent()`. */
export interface IdempotentOptions {
  /** How long an answer is kept for replay, in milliseconds (default 24 hours). */
  ttlMs?: number;
  /**
   * How long a claim on a key lasts unless renewed, in milliseconds (default 10 s): a running
   * request renews it every third of that, so a crashed one frees its key within this time.
   */
  lockMs?: number;
}

/**
 * Honours `Idempotency-Key` on a route: the first request with a key runs and its answer is kept
 * (24 hours, per caller); the same key with the same request (method, path, query, body, and a
 * multipart body's fields and files) gets that answer with `Idempotent-Replayed: true` without
 * running the handler; any other request is 422; while the first still runs, 409. A key that is
 * not 1-255 visible ASCII characters is 400.
 * @example @Post() @Idempotent() create(@Body(NewTask) task: NewTask) { ... }
 */
export const Idempotent = (options: IdempotentOptions = {}): MethodDecorator =>
  recordInterceptor({
    kind: 'idempotent',
    module: 'database',
    label: 'Idempotent()',
    options,
    documents: DOCUMENTS,
  });

// The header it reads and the answers it adds, in the route's OpenAPI operation.
const DOCUMENTS = {
  headers: [
    {
      name: 'Idempotency-Key',
      description:
        'Makes a retry safe: the same key and body again get the first answer (with Idempotent-Replayed: true) without running twice',
      schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x21-\\x7e]+$' },
    },
  ],
  statuses: [HTTP_STATUS.CONFLICT, HTTP_STATUS.UNPROCESSABLE_ENTITY],
};
