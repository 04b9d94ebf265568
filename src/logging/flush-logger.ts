import type { Logger } from 'pino';

/** Resolves once `logger` has written every line it buffered (at once for unbuffered ones). */
export function flushLogger(logger: Logger): Promise<void> {
  return new Promise((resolve) => {
    try {
      // A destination that cannot sync (a pipe, a terminal) reports it: the lines are written.
      logger.flush(() => resolve());
    } catch {
      resolve();
    }
  });
}
