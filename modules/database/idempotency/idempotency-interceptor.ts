import type { InterceptorDefinition } from '../../../src/kernel';
import { BadRequestException, ConflictException, HTTP_STATUS, HTTPException } from '../../../src/kernel';
import type { RequestContext, ResponseWriter } from '../../../src/routing';
import { onAnswer, type WrittenAnswer } from '../../../src/routing';
import type { IdempotentOptions } from '../idempotent';
import { isValidIdempotencyKey, namespacedKey, requestFingerprint } from './idempotency-key';
import { IdempotencyStore, type StoredAnswer } from './idempotency-store';

const DAY_MS = 24 * 60 * 60 * 1000;
const DEFAULT_LOCK_MS = 60_000;
/** The header that marks a replayed answer. */
export const REPLAYED_HEADER = 'Idempotent-Replayed';
// Headers of the first answer that a replay must repeat (a created resource's address).
const KEPT_HEADERS = ['location', 'content-location', 'etag'];

function keptHeaders(ctx: RequestContext, answer: WrittenAnswer): Record<string, string> | undefined {
  const headers: Record<string, string> = { ...answer.headers };
  const res = ctx.res as { getHeader?(name: string): unknown } | undefined;
  for (const name of KEPT_HEADERS) {
    const value = res?.getHeader?.(name);
    if (typeof value === 'string') headers[name] = value;
  }
  return Object.keys(headers).length > 0 ? headers : undefined;
}

function replay(writer: ResponseWriter, ctx: RequestContext, answer: StoredAnswer): void {
  const headers = { ...answer.headers, [REPLAYED_HEADER]: 'true' };
  if (answer.body === undefined) writer.empty(ctx, answer.status, headers);
  else writer.json(ctx, answer.status, answer.body, headers);
}

/**
 * `Idempotent()`: a request with `Idempotency-Key` claims the key for its caller; a repeat gets
 * the stored answer (same body) or 422 (another body) or 409 (the first still runs). Server
 * failures (5xx) give the key up, so the client may retry.
 */
export const idempotencyInterceptor: InterceptorDefinition = {
  kind: 'idempotent',
  route(options, site) {
    const store = site.container.get(IdempotencyStore);
    const { ttlMs = DAY_MS, lockMs = DEFAULT_LOCK_MS } = (options ?? {}) as IdempotentOptions;
    const route = `${site.className}.${site.methodName}`;
    const { writer } = site;

    // After the answer is written: kept for replay, or, after a server failure, given up.
    const remember = (key: string, fingerprint: string, answer: StoredAnswer): void => {
      const kept =
        answer.status >= HTTP_STATUS.INTERNAL_SERVER_ERROR
          ? store.release(key)
          : store.complete(key, fingerprint, answer, ttlMs);
      kept.catch(() => store.release(key).catch(() => {}));
    };

    const run = async (ctx: RequestContext, header: unknown, next: () => unknown): Promise<unknown> => {
      if (!isValidIdempotencyKey(header))
        throw new BadRequestException('Idempotency-Key must be 1 to 255 visible ASCII characters');
      const key = namespacedKey(ctx, header);
      const fingerprint = requestFingerprint(route, ctx.body);
      const claim = await store.begin(key, fingerprint, lockMs);
      if (claim.state === 'claimed') {
        onAnswer(ctx, (answer) =>
          remember(key, fingerprint, {
            status: answer.status,
            body: answer.body,
            headers: keptHeaders(ctx, answer),
          }),
        );
        return next();
      }
      if (claim.fingerprint !== fingerprint)
        throw new HTTPException(
          HTTP_STATUS.UNPROCESSABLE_ENTITY,
          'This Idempotency-Key was already used with another request',
        );
      if (claim.state === 'running')
        throw new ConflictException('A request with this Idempotency-Key is still being processed', {
          headers: { 'Retry-After': '1' },
        });
      replay(writer, ctx, claim.answer);
      return undefined;
    };

    // Route interceptors wrap routes, whose context is their HTTP request's.
    return (ctx, next) => {
      const header = ctx.headers['idempotency-key'];
      return header === undefined ? next() : run(ctx as RequestContext, header, next);
    };
  },
};
