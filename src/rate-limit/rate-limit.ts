import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Options, RateLimitRequestHandler } from 'express-rate-limit';
import type { RequestContext } from '../http/request-context';
import {
  HTTPException,
  InternalServerErrorException,
  ServiceUnavailableException,
  TooManyRequestsException,
} from '../kernel';
import { nodeResponseWriter } from '../routing';
import { clientAddress, type RateLimitRequest } from './client-address';
import { expressRateLimit } from './express-rate-limit';
import { HeaderCollector } from './header-collector';
import { InvalidRateLimitError } from './rate-limit-errors';
import type { RateLimitOptions } from './rate-limit-options';

type Next = (err?: unknown) => void;

/** A rate-limiting middleware for `app.use`, which can also be run from a route with `check(ctx)`. */
export interface RateLimiter {
  /** Counts the request as middleware: past the limit, answers 429 instead of calling `next`. */
  (req: IncomingMessage, res: ServerResponse, next: Next): void;
  /**
   * Counts this request from inside a route (a `Depends` function or a handler), where the body
   * is parsed and validated; throws the 429 `TooManyRequestsException` past the limit.
   */
  readonly check: (ctx: RequestContext) => Promise<void>;
  /** Forgets the count of one key (after a successful login, say). */
  resetKey(key: string): Promise<void>;
}

// The draft-8 fields are added with Express's `res.append`; Node's own response (Fastify's raw,
// a bare http server) has `appendHeader` instead.
function withAppend(res: ServerResponse): void {
  const target = res as ServerResponse & { append?: unknown };
  if (typeof target.append !== 'function')
    target.append = (name: string, value: string) => res.appendHeader(name, value);
}

/** Marks the middleware and the `check` of a limiter, so the docs can list the 429 of the routes they cover. */
const RATE_LIMITER = Symbol('trellis.rateLimiter');

/** Whether `value` is a `rateLimit()` middleware or its `check`. */
export function isRateLimiter(value: unknown): boolean {
  return typeof value === 'function' && RATE_LIMITER in value;
}

/** On a limiter: the same limiter (same counts), handing its 429 to `next` instead of writing it. */
const THROUGH_NEXT = Symbol('trellis.rateLimitThroughNext');
/** Marks a request the through-next variant counts, for the shared 429 handler. */
const HANDS_ON = Symbol('trellis.rateLimitHandsOn');

type Counted = IncomingMessage & { [HANDS_ON]?: true };

/**
 * `middleware` as an application with a custom error body mounts it: a `rateLimit()` hands its
 * 429 (headers set) to `next`, so the engine's error answer writes it with that body; any other
 * middleware is returned as it is.
 */
export function answeringThroughNext<M extends Function>(middleware: M): M {
  return ((middleware as { [THROUGH_NEXT]?: M })[THROUGH_NEXT] ?? middleware) as M;
}

const DEFAULT_MESSAGE = 'Too many requests, please try again later';
const MAX_WINDOW_MS = 2 ** 31 - 1;

function assertOptions({ windowMs, max }: RateLimitOptions): void {
  if (!Number.isInteger(windowMs) || windowMs < 1 || windowMs > MAX_WINDOW_MS) {
    throw new InvalidRateLimitError(
      'rateLimit',
      'windowMs',
      `an integer from 1 to ${MAX_WINDOW_MS}`,
      windowMs,
    );
  }
  if (!Number.isSafeInteger(max) || max < 1) {
    throw new InvalidRateLimitError('rateLimit', 'max', 'a positive integer', max);
  }
}

// Counting failures (an unreachable Redis) are a 503; a throwing key generator stays a 500.
function asHttpError(err: unknown): unknown {
  if (err === undefined || err instanceof HTTPException) return err;
  return new ServiceUnavailableException('Rate limit store unavailable', { cause: err });
}

/**
 * Limits each client (or each `keyGenerator` key) to `max` requests per `windowMs`, counted by
 * express-rate-limit. Past the limit: a 429 with the framework's JSON error body, `Retry-After`
 * and the IETF `RateLimit-Policy` and `RateLimit` fields (`"5-in-1min"; q=5; w=60; pk=:…:` and
 * `"5-in-1min"; r=0; t=42`, express-rate-limit's `draft-8`); every answer carries both fields. Works on either engine: it uses only Node's request and
 * response API.
 *
 * Behind a reverse proxy every request comes from the proxy's address, so all clients would share
 * one count: set `createApp({ trustProxy })` (Express's `trust proxy`, Fastify's `trustProxy`)
 * to the number of proxies in front (`1`) or their addresses (`'loopback'`, `'10.0.0.0/8'`), and
 * the key becomes the client address the outermost trusted proxy appended to `X-Forwarded-For`.
 * Avoid `true`: it trusts the left-most entry, which the client writes itself. Without the
 * option, `X-Forwarded-For` is ignored.
 * @example
 * app.use('/auth/login', rateLimit({ windowMs: 15 * 60_000, max: 5 }));
 * // per client and username, once the body is validated:
 * const perUser = rateLimit({ windowMs, max, keyGenerator: (req, ctx) =>
 *   `${clientAddress(req)}:${(ctx?.body as Login | undefined)?.username}` });
 * login(@Body(schema) body: Login, @Depends(perUser.check) _limit: undefined) { ... }
 */
export function rateLimit(options: RateLimitOptions): RateLimiter {
  assertOptions(options);
  const message = options.message ?? DEFAULT_MESSAGE;
  const keyOf = options.keyGenerator ?? clientAddress;
  const contexts = new WeakMap<object, RequestContext>();

  const settings = {
    windowMs: options.windowMs,
    limit: options.max,
    store: options.store,
    logger: options.logger,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    async keyGenerator(req) {
      try {
        return await keyOf(req as RateLimitRequest, contexts.get(req));
      } catch (err) {
        throw err instanceof HTTPException
          ? err
          : new InternalServerErrorException(undefined, { cause: err });
      }
    },
    handler(req, res, next) {
      const target = res as unknown as ServerResponse | HeaderCollector;
      const retryAfter = Number(target.getHeader('Retry-After'));
      const seconds = Number.isFinite(retryAfter) ? retryAfter : undefined;
      if (target instanceof HeaderCollector) {
        next(new TooManyRequestsException(message, seconds, { headers: target.headers }));
        return;
      }
      const exception = new TooManyRequestsException(message, seconds);
      if ((req as unknown as Counted)[HANDS_ON]) {
        next(exception);
        return;
      }
      if (target.headersSent) return;
      nodeResponseWriter.json(
        { res: target } as unknown as RequestContext,
        exception.statusCode,
        JSON.stringify(exception.toJSON()),
        exception.headers,
      );
    },
    // The default checks read Express-only request fields (req.app); keys are made here instead.
    // The limiter is made once, by the first request it counts: not the per-request limiter the
    // creation-stack check looks for.
    validate: {
      ip: false,
      trustProxy: false,
      xForwardedForHeader: false,
      forwardedHeader: false,
      creationStack: false,
    },
  } satisfies Partial<Options>;
  let created: RateLimitRequestHandler | undefined;
  const limiter = () => {
    created ??= expressRateLimit().rateLimit(settings);
    return created;
  };
  const run = (req: unknown, res: unknown, next: Next) =>
    (limiter() as unknown as (req: unknown, res: unknown, next: Next) => Promise<void>)(req, res, next);

  const middleware = ((req: IncomingMessage, res: ServerResponse, next: Next) => {
    withAppend(res);
    void run(req, res, (err) => next(asHttpError(err)));
  }) as RateLimiter;

  const check = async (ctx: RequestContext): Promise<void> => {
    const collector = new HeaderCollector();
    contexts.set(ctx.req, ctx);
    await new Promise<void>((resolve, reject) => {
      void run(ctx.req, collector, (err) => (err === undefined ? resolve() : reject(asHttpError(err))));
    });
    collector.copyTo(ctx.res);
  };

  const throughNext = (req: IncomingMessage, res: ServerResponse, next: Next) => {
    (req as Counted)[HANDS_ON] = true;
    middleware(req, res, next);
  };
  Object.defineProperty(check, RATE_LIMITER, { value: true });
  Object.defineProperty(throughNext, RATE_LIMITER, { value: true });
  return Object.assign(middleware, {
    [RATE_LIMITER]: true,
    [THROUGH_NEXT]: throughNext,
    check,
    resetKey: async (key: string) => limiter().resetKey(key),
  });
}
