import pino, { type Logger } from 'pino';
import { batchedStdout } from './batched-stdout';

export type { Logger } from 'pino';

let stdout: ReturnType<typeof batchedStdout> | undefined;

/**
 * The default structured logger: JSON lines on stdout, level from `LOG_LEVEL` (info), written in
 * batches; `close()` and the process's exit write what is still buffered.
 */
export function createLogger(): Logger {
  // One stdout stream per process, however many applications it creates (tests create many).
  stdout ??= batchedStdout();
  return pino({ name: 'trellis', level: process.env.LOG_LEVEL ?? 'info' }, stdout);
}
