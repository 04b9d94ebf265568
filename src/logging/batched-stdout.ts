import pino from 'pino';

// Lines are gathered up to this many bytes and written together, on libuv's thread pool: one
// write per line costs a request more than building the line does.
const BATCH_BYTES = 4096;
// A line waits at most this long, so a quiet server's lines still come out at once.
const MAX_DELAY_MS = 200;

/** What pino writes to and flushes. */
export interface BatchedStream {
  write(line: string): void;
  flush(done?: (err?: Error) => void): void;
}

/**
 * stdout written in batches of `BATCH_BYTES`, each line at most `MAX_DELAY_MS` late. pino's
 * exit handler writes what is left when the process exits; `flush` writes it before then.
 */
export function batchedStdout(): BatchedStream {
  const sonic = pino.destination({ dest: 1, sync: false, minLength: BATCH_BYTES });
  let timer: NodeJS.Timeout | undefined;
  // With a callback, sonic-boom keeps writing until its buffer is empty, below the batch size too.
  const writeAll = (done: (err?: Error) => void) => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    sonic.flush(done);
  };
  const ignore = () => {};
  const flushLate = () => writeAll(ignore);
  return {
    write(line) {
      sonic.write(line);
      if (timer === undefined) timer = setTimeout(flushLate, MAX_DELAY_MS).unref();
    },
    flush: (done = ignore) => writeAll(done),
  };
}
