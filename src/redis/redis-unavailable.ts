import { ServiceUnavailableException } from '../kernel';

/** The message of every 503 caused by Redis: the client learns to retry, not what failed. */
export const REDIS_UNAVAILABLE_MESSAGE = 'Service temporarily unavailable, please try again shortly';

/** A failed Redis call as the 503 the client gets; the cause is kept for the log. */
export function redisUnavailable(cause: unknown): ServiceUnavailableException {
  if (cause instanceof ServiceUnavailableException) return cause;
  return new ServiceUnavailableException(REDIS_UNAVAILABLE_MESSAGE, {
    cause,
    headers: { 'Retry-After': '1' },
  });
}
