import { createError } from '../../src/kernel';

/** Redis answered a refresh-token rotation with an outcome the script never returns. */
export const UnexpectedRotationOutcomeError = createError(
  'TRELLIS_ERR_UNEXPECTED_ROTATION_OUTCOME',
  (outcome: unknown) => `Unexpected rotation outcome from Redis: ${String(outcome)}`,
);

/** A `ConcurrencyLimit` that would let no task run. */
export const InvalidConcurrencyLimitError = createError(
  'TRELLIS_ERR_INVALID_CONCURRENCY_LIMIT',
  (limit: number) => `concurrency limit must be at least 1 (got ${limit})`,
  undefined,
  RangeError,
);

/** A `ConcurrencyLimit` queue bound that is no whole number. */
export const InvalidQueueLimitError = createError(
  'TRELLIS_ERR_INVALID_QUEUE_LIMIT',
  (maxQueued: number) => `queue limit must be a whole number from 0 (got ${maxQueued})`,
  undefined,
  RangeError,
);
