import { createError } from '../kernel';

/** An `Sse` handler that returned something other than events to iterate. */
export const SseNotIterableError = createError(
  'TRELLIS_ERR_SSE_NOT_ITERABLE',
  'An Sse handler must return an async iterable (or an iterable) of events',
  undefined,
  TypeError,
);
