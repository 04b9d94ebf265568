import type { Logger } from 'pino';
import type { RequestContext } from '../../../src/http/request-context';
import { requestUrl } from '../../../src/http/request-url';
import {
  BadRequestException,
  ConflictException,
  HTTP_STATUS,
  HTTPException,
  type InterceptorDefinition,
  ServiceUnavailableException,
} from '../../../src/kernel';
import { onAnswer, type ResponseWriter, type WrittenAnswer } from '../../../src/routing';
import { receivedFormOf } from '../../../src/uploads';
import { DATABASE_UNAVAILABLE_MESSAGE } from '../database-unavailable';
import type { IdempotentOptions } from '../idempotent';
import { renewClaim } from './claim-lease';
import { stillRunning } from './claims';
import { isValidIdempotencyKey, namespacedKey } from './idempotency-key';
import { IdempotencyStore, type StoredAnswer } from './idempotency-store';
import { requestFingerprint } from './request-fingerprint';

const DAY_MS = 24 * 60 * 60 * 1000;
const DEFAULT_LOCK_MS = 10_000;
/** The header that marks a replayed answer. */
export const REPLAYED_HEADER = 'Idempotent-Replayed';
// Headers of the first answer that a replay must repeat (a created resource's address).
const KEPT_HEADERS = ['location', 'content-location', 'etag'];
// Tries at keeping an answer whose store failed, a second apart: the claim stays "running"
// (409) meanwhile, so a retry waits instead of running again.
const COMPLETE_TRIES = 10;

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

// A store that cannot say who holds a key must not let the handler run: it fails closed.
const storeUnavailable = (err: unknown) =>
  err instanceof HTTPException
    ? err
    : new ServiceUnavailableException(DATABASE_UNAVAILABLE_MESSAGE, {
        cause: err,
        headers: { 'Retry-After': '1' },
      });

/**
 * `Idempotent()`: a request with `Idempotency-Key` claims the key for its caller; a repeat gets
 * the stored answer (the same request: method, path, query and body, a multipart one's fields and
 * files included) or 422 (another request) or 409 (the first still runs). The claim
 * is renewed while the handler runs. With the database's own store, the handler runs in a
 * transaction its answer commits in; a store that cannot be reached is a 503 and nothing runs.
 * Server failures (5xx) give the key up, so the client may retry.
 */
export const idempotencyInterceptor: InterceptorDefinition = {
  kind: 'idempotent',
  route(options, site) {
    const store = site.container.get(IdempotencyStore);
    const { ttlMs = DAY_MS, lockMs = DEFAULT_LOCK_MS } = (options ?? {}) as IdempotentOptions;
    const route = `${site.className}.${site.methodName}`;
    const { writer, render } = site;
    const logger = site.logger as Logger | undefined;
    // The keys this process is running, with their fingerprints: a repeat is answered at once,
    // without waiting for a database connection a running transaction may hold (SQLite's one).
    const running = new Map<string, string>();

    const keep = (
      key: string,
      fingerprint: string,
      answer: StoredAnswer,
      token?: string,
      tries = 1,
    ): void => {
      store.complete(key, fingerprint, answer, ttlMs, token).catch((err) => {
        if (err instanceof ConflictException) return;
        if (tries >= COMPLETE_TRIES) {
          logger?.error(
            { err, key },
            'idempotency: the answer could not be kept; the key lapses after its lock',
          );
          return;
        }
        setTimeout(() => keep(key, fingerprint, answer, token, tries + 1), 1000).unref();
      });
    };

    // After the answer is written: kept for replay, or, after a server failure, given up.
    const remember = (
      key: string,
      fingerprint: string,
      token: string | undefined,
      answer: StoredAnswer,
    ): void => {
      if (answer.status >= HTTP_STATUS.INTERNAL_SERVER_ERROR)
        store.release(key, token).catch((err) => {
          // The claim lapses after `lockMs` without its renewals: the retry runs then.
          logger?.warn({ err, key }, 'idempotency: the key could not be released');
        });
      else keep(key, fingerprint, answer, token);
    };

    const runClaimed = async (
      ctx: RequestContext,
      key: string,
      fingerprint: string,
      token: string | undefined,
      next: () => unknown,
    ): Promise<unknown> => {
      let committed = false;
      onAnswer(ctx, (answer) => {
        if (!committed)
          remember(key, fingerprint, token, {
            status: answer.status,
            body: answer.body,
            headers: keptHeaders(ctx, answer),
          });
      });
      running.set(key, fingerprint);
      const lease = renewClaim(store, key, token, lockMs);
      try {
        if (!store.atomically || !render) return await next();
        let stored = false;
        const result = await store.atomically(async () => {
          const value = await next();
          const answer = render(ctx, value);
          if (answer) {
            await store.complete(
              key,
              fingerprint,
              { status: answer.status, body: answer.body, headers: keptHeaders(ctx, answer) },
              ttlMs,
              token,
            );
            stored = true;
          }
          return value;
        });
        committed = stored;
        return result;
      } finally {
        lease.stop();
        running.delete(key);
      }
    };

    const run = async (ctx: RequestContext, header: unknown, next: () => unknown): Promise<unknown> => {
      if (!isValidIdempotencyKey(header))
        throw new BadRequestException('Idempotency-Key must be 1 to 255 visible ASCII characters');
      const key = namespacedKey(ctx, header);
      // Route interceptors run once the route's body is read, a multipart one included.
      const fingerprint = requestFingerprint(route, {
        method: ctx.method,
        url: requestUrl(ctx) ?? '',
        body: ctx.body,
        form: receivedFormOf(ctx),
      });
      const local = running.get(key);
      const claim =
        local === undefined
          ? await store.begin(key, fingerprint, lockMs).catch((err) => {
              throw storeUnavailable(err);
            })
          : ({ state: 'running', fingerprint: local } as const);
      if (claim.state === 'claimed') return runClaimed(ctx, key, fingerprint, claim.token, next);
      if (claim.fingerprint !== fingerprint)
        throw new HTTPException(
          HTTP_STATUS.UNPROCESSABLE_ENTITY,
          'This Idempotency-Key was already used with another request',
        );
      if (claim.state === 'running') throw stillRunning();
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
