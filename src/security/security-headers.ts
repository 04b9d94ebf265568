import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import { trellisError } from '../kernel';
import { presetHeaders } from './preset-headers';

/** helmet's options: each header can be changed or turned off (`{ frameguard: false }`). */
export type SecurityHeadersOptions = HelmetOptions;

/** Sets the security headers on a response; runs first on every request. */
export type HeaderSetter = (req: IncomingMessage, res: ServerResponse) => void;

const ignore = () => {};

// A directive given as a function (a per-request nonce) makes the policy differ per request.
function variesPerRequest(options: HelmetOptions): boolean {
  const csp = options.contentSecurityPolicy;
  if (typeof csp !== 'object' || !csp.directives) return false;
  return Object.values(csp.directives).some(
    (value) =>
      typeof value === 'function' ||
      (Array.isArray(value) && value.some((item) => typeof item === 'function')),
  );
}

/** The headers helmet sets, asked once: its answer is the same for every request. */
function headersOf(middleware: ReturnType<typeof helmet>): [string, string][] {
  const headers: [string, string][] = [];
  const recorder = {
    setHeader: (name: string, value: string) => headers.push([name, value]),
    removeHeader: ignore,
  };
  middleware({} as IncomingMessage, recorder as unknown as ServerResponse, ignore);
  return headers;
}

/**
 * helmet's headers (Content-Security-Policy, Strict-Transport-Security, X-Content-Type-Options,
 * X-Frame-Options, Referrer-Policy, ...) from the options; `false` sets none. They are worked out
 * and checked once, so a request only stores them; a malformed option throws here, when the app
 * is created.
 */
export function securityHeaders(
  options: SecurityHeadersOptions | boolean | undefined,
): HeaderSetter | undefined {
  if (options === false) return undefined;
  const settings = options === true || options === undefined ? {} : options;
  let middleware: ReturnType<typeof helmet>;
  try {
    middleware = helmet(settings);
  } catch (err) {
    throw trellisError('TRELLIS_ERR_INVALID_OPTION', 'options.securityHeaders', (err as Error).message);
  }
  // helmet's middleware only sets headers and calls next at once.
  if (variesPerRequest(settings)) return (req, res) => middleware(req, res, ignore);
  const preset = presetHeaders(headersOf(middleware));
  return (_req, res) => preset(res);
}
