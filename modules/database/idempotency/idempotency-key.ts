import type { RequestContext } from '../../../src/http/request-context';
import { clientAddress } from '../../../src/rate-limit';

// 1 to 255 visible ASCII characters (the IETF Idempotency-Key draft leaves the format open).
const VALID_KEY = /^[\x21-\x7e]{1,255}$/;

/** Whether an `Idempotency-Key` header value is acceptable. */
export function isValidIdempotencyKey(value: unknown): value is string {
  return typeof value === 'string' && VALID_KEY.test(value);
}

/** Where a key lives: per caller, the user when authenticated, else the client's address. */
export function namespacedKey(ctx: RequestContext, key: string): string {
  const caller = ctx.user ? `user:${ctx.user.id}` : `client:${clientAddress(ctx.req)}`;
  return `${caller} ${key}`;
}
