import { Writable } from 'node:stream';
import pino, { type Logger } from 'pino';

/** A pino logger whose lines a spec reads back, parsed. */
export function capturingLogger(level = 'info'): { logger: Logger; lines: Record<string, any>[] } {
  const lines: Record<string, any>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  return { logger: pino({ level }, stream), lines };
}
