import type { RequestContext } from '../http/request-context';

/**
 * Marks an answer `Cache-Control: no-store`, for answers that hold secrets a request did not
 * carry in its headers (the tokens a login returns). Answers to requests with credentials get it
 * without asking.
 * @example @Post('/login') login(@Body(s) b, @Req() ctx: RequestContext) { noStore(ctx); ... }
 */
export function noStore(ctx: RequestContext): void {
  const res = (ctx.res as { raw?: unknown })?.raw ?? ctx.res;
  (res as import('node:http').ServerResponse).setHeader('Cache-Control', 'no-store');
}
