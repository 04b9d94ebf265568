import pino, { type Logger } from 'pino';
import { type BatchedStream, batchedStdout } from './batched-stdout';

export type { Logger } from 'pino';

let stdout: BatchedStream | undefined;
const defaults = new WeakSet<Logger>();
let capture: ((line: string) => void) | undefined;

/**
 * Sends every default logger's lines to `sink` instead of stdout, until called without one (the
 * testing kit keeps a test's lines, to show them only when it fails).
 */
export function captureDefaultLogs(sink?: (line: string) => void): void {
  capture = sink;
}

/** Whether the default loggers' lines are being captured. */
export function capturingDefaultLogs(): boolean {
  return capture !== undefined;
}

function capturable(inner: BatchedStream): BatchedStream {
  return {
    write: (line) => (capture ? capture(line) : inner.write(line)),
    flush: (done) => inner.flush(done),
  };
}

/**
 * The default structured logger: JSON lines on stdout, level from `LOG_LEVEL` (info), written in
 * batches; `close()` and the process's exit write what is still buffered.
 */
export function createLogger(): Logger {
  // One stdout stream per process, however many applications it creates (tests create many).
  stdout ??= capturable(batchedStdout());
  const logger = pino({ name: 'trellis', level: process.env.LOG_LEVEL ?? 'info' }, stdout);
  defaults.add(logger);
  return logger;
}

/**
 * The stream of a logger made by `createLogger`, whose options (pino's defaults: epoch `time`, no
 * formatters, mixin, hooks or redaction) are known, so a fixed-shape line may be written to it
 * ready-made; `undefined` for any other logger, which is then only written through pino.
 */
export function defaultLoggerStream(logger: Logger): BatchedStream | undefined {
  return defaults.has(logger) ? stdout : undefined;
}
