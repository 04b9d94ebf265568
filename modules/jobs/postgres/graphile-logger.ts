import type { Logger as GraphileLogger } from 'graphile-worker';
import type { Logger } from 'pino';

type Graphile = typeof import('graphile-worker');

/** graphile-worker's log lines through the application's logger (its info lines at debug). */
export function graphileLogger(graphile: Graphile, logger: Logger): GraphileLogger {
  return new graphile.Logger((scope) => (level, message, meta) => {
    const name = level as string;
    const line = { graphile: scope, ...(meta?.error ? { err: meta.error } : {}) };
    if (name === 'error') logger.error(line, message);
    else if (name === 'warning') logger.warn(line, message);
    else logger.debug(line, message);
  });
}
