import type { IncomingHttpHeaders } from 'node:http';
import { expressRateLimit } from './express-rate-limit';

/** What a rate-limit key is made from: Express's `req`, Fastify's `request`, or Node's raw request. */
export interface RateLimitRequest {
  /** The client address as the engine resolved it (honours `trustProxy`); absent on a raw request. */
  readonly ip?: string;
  /** The connection, for its address. */
  readonly socket?: { readonly remoteAddress?: string };
  /** The request's headers. */
  readonly headers: IncomingHttpHeaders;
  /** The request URL. */
  readonly url?: string;
  /** The parsed body, when the engine parsed one before the limiter ran. */
  readonly body?: unknown;
}

/**
 * The client's address as a rate-limit key: the engine's `req.ip` (so the `trustProxy` option
 * decides whether `X-Forwarded-For` counts), else the socket's address. IPv6 clients are
 * grouped by /56, as one client usually holds a whole prefix.
 * @example rateLimit({ windowMs, max, keyGenerator: (req) => `${clientAddress(req)}:${tenantOf(req)}` });
 */
export function clientAddress(req: RateLimitRequest): string {
  const address = req.ip ?? req.socket?.remoteAddress;
  return address ? expressRateLimit().ipKeyGenerator(address) : 'unknown';
}
