import pino, { type Logger } from 'pino';

export type { Logger } from 'pino';

/** The default structured logger: JSON lines on stdout, level from `LOG_LEVEL` (info). */
export function createLogger(): Logger {
  return pino({ name: 'trellis', level: process.env.LOG_LEVEL ?? 'info' });
}
