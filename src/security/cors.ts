import type { IncomingMessage, ServerResponse } from 'node:http';
import type CorsPackage from 'cors';
import { trellisError } from '../kernel';
import { loadOptional } from '../optional';
import type { CorsOptions, OriginPredicate } from './cors-options';

type Next = (err?: unknown) => void;

const NO_CONTENT = 204;

// The engine's middleware shape, written here: the engine's own file is above the policy.
type Middleware = (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void;

/** Whether a request is a CORS preflight: an OPTIONS that names the method to come. */
function isPreflight(req: IncomingMessage): boolean {
  return req.method === 'OPTIONS' && req.headers['access-control-request-method'] !== undefined;
}

function fail(field: string, problem: string): never {
  throw trellisError('TRELLIS_ERR_INVALID_OPTION', `options.cors.${field}`, problem);
}

function checkOptions(options: CorsOptions): void {
  const { origin } = options;
  const valid =
    origin === true ||
    typeof origin === 'string' ||
    typeof origin === 'function' ||
    (Array.isArray(origin) && origin.every((item) => typeof item === 'string' || item instanceof RegExp));
  if (!valid)
    fail('origin', 'must be true, an origin, a list of origins or regular expressions, or a function');
  if (origin === true && options.credentials)
    fail(
      'credentials',
      "origin true answers '*', which browsers refuse with credentials: list the origins instead",
    );
}

/** The allow-list as one predicate, built once: exact origins in a set, patterns after. */
function originPredicate(origin: Exclude<CorsOptions['origin'], true>): OriginPredicate {
  if (typeof origin === 'function') return origin;
  const list = typeof origin === 'string' ? [origin] : origin;
  const exact = new Set(list.filter((item): item is string => typeof item === 'string'));
  const patterns = list.filter((item): item is RegExp => item instanceof RegExp);
  if (patterns.length === 0) return (value) => exact.has(value);
  return (value) => exact.has(value) || patterns.some((pattern) => pattern.test(value));
}

function appendVary(res: ServerResponse): void {
  const vary = res.getHeader('Vary');
  if (vary === undefined) res.setHeader('Vary', 'Origin');
  else if (!/\borigin\b/i.test(String(vary))) res.setHeader('Vary', `${vary}, Origin`);
}

/**
 * The CORS middleware of the `cors` option, built once by `createApp` (a malformed option throws
 * there). An allowed origin gets the `cors` package's answer; a disallowed one gets none of the
 * CORS headers, and its preflight the same empty answer, so the browser refuses the call.
 */
export function corsMiddleware(setting: CorsOptions | boolean | undefined): Middleware | undefined {
  if (setting === undefined || setting === false) return undefined;
  const options: CorsOptions = setting === true ? { origin: true } : setting;
  checkOptions(options);
  const cors = loadOptional<typeof CorsPackage>('cors', 'CORS (the cors option)');
  const settings: CorsPackage.CorsOptions = {
    // A predicate that already said yes: reflect the origin (or '*' for any origin).
    origin: options.origin === true ? '*' : true,
    credentials: options.credentials ?? false,
    optionsSuccessStatus: NO_CONTENT,
  };
  // The package takes a key given as undefined over its default.
  if (options.exposedHeaders) settings.exposedHeaders = [...options.exposedHeaders];
  if (options.allowedHeaders) settings.allowedHeaders = [...options.allowedHeaders];
  if (options.methods) settings.methods = [...options.methods];
  if (options.maxAge !== undefined) settings.maxAge = options.maxAge;
  const answer = cors(settings);
  // An OPTIONS that is no preflight reaches the routes as it did before.
  const allow = (req: IncomingMessage, res: ServerResponse, next: Next) =>
    req.method === 'OPTIONS' && !isPreflight(req) ? next() : answer(req, res, next);
  if (options.origin === true) return allow;

  const allowed = originPredicate(options.origin);
  const refuse = (req: IncomingMessage, res: ServerResponse, next: Next) => {
    appendVary(res);
    if (!isPreflight(req)) return next();
    res.statusCode = NO_CONTENT;
    res.setHeader('Content-Length', '0');
    res.end();
  };
  return (req: IncomingMessage, res: ServerResponse, next: Next) => {
    const origin = req.headers.origin;
    if (origin === undefined) {
      // The answer depends on the Origin header, also for caches that saw a request without one.
      appendVary(res);
      return next();
    }
    let verdict: boolean | Promise<boolean>;
    try {
      verdict = allowed(origin);
    } catch (err) {
      return next(err);
    }
    if (typeof verdict === 'object' && typeof verdict?.then === 'function')
      verdict.then((yes) => (yes ? allow : refuse)(req, res, next), next);
    else (verdict ? allow : refuse)(req, res, next);
  };
}
