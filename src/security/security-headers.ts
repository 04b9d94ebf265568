import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';

/** helmet's options: each header can be changed or turned off (`{ frameguard: false }`). */
export type SecurityHeadersOptions = HelmetOptions;

/** Sets the security headers on a response; runs first on every request. */
export type HeaderSetter = (req: IncomingMessage, res: ServerResponse) => void;

const ignore = () => {};

/**
 * helmet's headers (Content-Security-Policy, Strict-Transport-Security, X-Content-Type-Options,
 * X-Frame-Options, Referrer-Policy, ...), built once from the options; `false` sets none.
 * A malformed option throws here, when the app is created.
 */
export function securityHeaders(
  options: SecurityHeadersOptions | boolean | undefined,
): HeaderSetter | undefined {
  if (options === false) return undefined;
  const middleware = helmet(options === true ? undefined : options);
  // helmet's middleware only sets headers and calls next at once.
  return (req, res) => middleware(req, res, ignore);
}
