import type { RequestContext } from '../../src/http/request-context';

/** A `Depends` provider giving the handler its request context (for a rate limiter's `check`). */
export function currentRequest(ctx: RequestContext): RequestContext {
  return ctx;
}
