import pino from 'pino';

// Lines are gathered up to about this many characters and handed to the stream in one write:
// one write per line cost a request more than building the line (sonic-boom's own batching
// measures its whole buffer on every line, which costs as much).
const BATCH_CHARS = 16_384;
// A line waits at most this long, so a quiet server's lines still come out at once.
const MAX_DELAY_MS = 200;

/** What pino writes to and flushes. */
export interface BatchedStream {
  write(line: string): void;
  flush(done?: (err?: Error) => void): void;
}

/**
 * stdout written in batches, each line at most `MAX_DELAY_MS` late, through sonic-boom (partial
 * writes, a busy pipe, and pino's exit handler writing what is left when the process exits);
 * `flush` hands over the batch and calls back once everything is written.
 */
export function batchedStdout(): BatchedStream {
  const sonic = pino.destination({ dest: 1, sync: false });
  let lines: string[] = [];
  let size = 0;
  let timer: NodeJS.Timeout | undefined;
  let writing = false;
  sonic.on('drain', () => {
    writing = false;
  });
  const handOver = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    if (size === 0) return;
    const batch = lines.join('');
    lines = [];
    size = 0;
    writing = true;
    sonic.write(batch);
  };
  // pino's own exit handler may already have run: the last batch is written here, synchronously.
  process.once('exit', () => {
    handOver();
    try {
      sonic.flushSync();
    } catch {
      // Nowhere left to report that stdout is gone.
    }
  });
  return {
    write(line) {
      lines.push(line);
      size += line.length;
      if (size >= BATCH_CHARS) handOver();
      else if (timer === undefined) timer = setTimeout(handOver, MAX_DELAY_MS).unref();
    },
    flush(done) {
      handOver();
      if (!done) return;
      if (!writing) return done();
      sonic.once('drain', () => done());
    },
  };
}
