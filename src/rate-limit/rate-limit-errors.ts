import { createError } from '../kernel';

/** A `rateLimit()` or `attemptLimit()` window or maximum out of range. */
export const InvalidRateLimitError = createError(
  'TRELLIS_ERR_INVALID_RATE_LIMIT',
  (limiter: string, option: string, rule: string, value: number) =>
    `${limiter}: ${option} must be ${rule}, got ${value}`,
  undefined,
  RangeError,
);
