import { fstatSync } from 'node:fs';
import pino from 'pino';

// Lines are gathered up to about this many bytes and handed to the stream in one write: one write
// per line cost a request more than building the line (sonic-boom's own batching measures its
// whole buffer on every line, which costs as much).
const BATCH_BYTES = 16_384;
// Each line is encoded into the batch as it comes, while it is still in the cache: joining the
// lines later, measuring the batch and encoding it were three passes over cold text.
const CHUNK_BYTES = 65_536;
// The most bytes one UTF-16 unit takes in UTF-8 (a surrogate pair, two units, takes four).
const MAX_BYTES_PER_UNIT = 3;
// A line waits at most this long, so a quiet server's lines still come out at once.
const MAX_DELAY_MS = 200;

// A write to a file or a device never waits on another process, so it is made at once, in the
// event loop (as pino and Node write stdout by default); one to a pipe or a socket may wait on a
// slow reader, so it goes to libuv's pool and the loop goes on. Handing each batch to the pool
// and back cost a request more than the line itself (the pool's thread is woken twice per batch).
function mayWaitOnReader(fd: number): boolean {
  try {
    const stats = fstatSync(fd);
    return stats.isFIFO() || stats.isSocket();
  } catch {
    return true;
  }
}

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
  const sonic = pino.destination({ dest: 1, sync: !mayWaitOnReader(1), contentMode: 'buffer' });
  // In buffer mode sonic-boom takes bytes, which its declarations (strings only) do not say.
  const writeBytes = (bytes: Buffer) => sonic.write(bytes as unknown as string);
  // The batch is chunk[start, end). sonic-boom keeps each batch until it is written, so the next
  // batch follows it in the same chunk, and a chunk of its own is taken only when one is full.
  let chunk = Buffer.allocUnsafe(CHUNK_BYTES);
  let start = 0;
  let end = 0;
  let timer: NodeJS.Timeout | undefined;
  let writing = false;
  sonic.on('drain', () => {
    writing = false;
  });
  const handOver = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    if (end === start) return;
    const batch = chunk.subarray(start, end);
    start = end;
    writing = true;
    writeBytes(batch);
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
      const room = line.length * MAX_BYTES_PER_UNIT;
      if (end + room > CHUNK_BYTES) {
        handOver();
        if (room > CHUNK_BYTES) {
          writing = true;
          writeBytes(Buffer.from(line));
          return;
        }
        chunk = Buffer.allocUnsafe(CHUNK_BYTES);
        start = 0;
        end = 0;
      }
      end += chunk.write(line, end);
      if (end - start >= BATCH_BYTES) handOver();
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
