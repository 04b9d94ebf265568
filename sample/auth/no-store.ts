import type { RequestContext } from '../trellis';

/**
 * Marks the answer `Cache-Control: no-store`: tokens must not be kept by a browser or a proxy
 * cache. Set on Node's response, which both engines write through.
 */
export function noStore(ctx: RequestContext): void {
  const res = ctx.res?.raw ?? ctx.res;
  res.setHeader('Cache-Control', 'no-store');
}
