import { createError } from '../kernel';

/** Redis not ready for a command: the cause of the 503 the caller gets, kept for the log. */
export const RedisNotReadyError = createError(
  'TRELLIS_ERR_REDIS_NOT_READY',
  (state: string) => `Redis ${state}`,
);
