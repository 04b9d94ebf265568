import { Writable } from 'node:stream';
import pino, { type Logger } from 'pino';

/** A logger whose JSON lines a spec can read back. */
export interface CapturedLogs {
  logger: Logger;
  lines: Record<string, any>[];
  /** Everything written, as one string (to look for secrets anywhere). */
  text(): string;
}

/** A real pino logger at `level` writing into memory. */
export function captureLogs(level = 'info'): CapturedLogs {
  const raw: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      raw.push(String(chunk));
      done();
    },
  });
  const logger = pino({ level }, stream);
  return {
    logger,
    get lines() {
      return raw
        .join('')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line));
    },
    text: () => raw.join(''),
  };
}

/** Waits until `predicate` holds (log lines are written when the response has finished). */
export async function until(predicate: () => boolean, ms = 2000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
