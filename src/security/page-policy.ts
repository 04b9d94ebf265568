import type { ServerResponse } from 'node:http';
import type { SecurityHeadersOptions } from './security-headers';

/**
 * The Content-Security-Policy of the pages Trellis serves itself (Swagger UI, the GraphQL IDE):
 * scripts and styles from the application only (the pages keep no inline script), inline style
 * attributes and data: fonts and images, which both bundles use, and requests (WebSockets
 * included) to the application only. No upgrade-insecure-requests: these pages are opened over
 * plain HTTP in development.
 */
export const PAGE_CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "base-uri 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "frame-ancestors 'self'",
  "form-action 'self'",
].join(';');

/** Writes a page's policy on a response, unless the app turned security headers or their CSP off. */
export type PagePolicy = (res: ServerResponse) => void;

/** The page policy an app's `securityHeaders` option calls for. */
export function pagePolicy(options: SecurityHeadersOptions | boolean | undefined): PagePolicy {
  if (options === false || (typeof options === 'object' && options.contentSecurityPolicy === false))
    return () => {};
  return (res) => res.setHeader('Content-Security-Policy', PAGE_CONTENT_SECURITY_POLICY);
}
