import type { Logger } from 'pino';

// A destination that cannot write any more (a closed pipe) never reports the end of a flush.
const FLUSH_TIMEOUT_MS = 2000;

/** Resolves once `logger` has written every line it buffered (at once for unbuffered ones). */
export function flushLogger(logger: Logger): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, FLUSH_TIMEOUT_MS);
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    try {
      // A destination that cannot sync (a pipe, a terminal) reports it as an error: the lines are written.
      logger.flush(done);
    } catch {
      done();
    }
  });
}
