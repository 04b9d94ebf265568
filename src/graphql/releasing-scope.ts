import type { RequestContext } from '../http/request-context';

const ignore = () => {};

const asIs = (err: unknown): unknown => err;

/**
 * A subscription's event stream that releases the subscription's request scope once it ends
 * (the client completed, disconnected, or the stream ran out). Calls pass straight through, so
 * `return()` reaches the source at once even while a `next()` waits. A stream that fails ends
 * with `mapError(err)` instead of its own error.
 */
export function releasingScope<T>(
  stream: AsyncIterable<T>,
  operation: RequestContext,
  mapError: (err: unknown) => unknown = asIs,
): AsyncIterableIterator<T> {
  const source = stream[Symbol.asyncIterator]();
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    void operation.scope?.dispose(ignore);
  };
  const ended = (result: IteratorResult<T>) => {
    if (result.done) release();
    return result;
  };
  const iterator: AsyncIterableIterator<T> = {
    next: () =>
      source.next().then(ended, (err: unknown) => {
        release();
        throw mapError(err);
      }),
    async return(value?: unknown) {
      release();
      return (await source.return?.(value)) ?? { value: undefined, done: true };
    },
    async throw(err?: unknown) {
      release();
      if (source.throw) return source.throw(err);
      throw err;
    },
    [Symbol.asyncIterator]: () => iterator,
  };
  return iterator;
}
