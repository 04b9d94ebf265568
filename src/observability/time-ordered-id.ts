import { randomBytes } from 'node:crypto';

// UUIDv7 (RFC 9562, section 5.7): 48 bits of Unix milliseconds, the version, 12 bits of counter
// (section 6.2, method 1), the variant and 62 random bits. The random bits are drawn once per
// millisecond, so most ids are three cached pieces joined: randomUUID joins twenty pieces per id,
// and the header and the access line each walk them all again.
const COUNTER_LIMIT = 0x1000;

const hex = (value: number, digits: number) => value.toString(16).padStart(digits, '0');

// Random bytes are drawn a pool at a time, eight per millisecond.
const POOL_BYTES = 4_096;
let pool = randomBytes(POOL_BYTES);
let used = 0;

// "-vrrr-rrrrrrrrrrrr": the variant (10), then 62 random bits.
function randomTail(): string {
  if (used === POOL_BYTES) {
    pool = randomBytes(POOL_BYTES);
    used = 0;
  }
  pool[used] = (pool[used] & 0x3f) | 0x80;
  const text = pool.toString('hex', used, used + 8);
  used += 8;
  return `-${text.slice(0, 4)}-${text.slice(4)}`;
}

/**
 * A source of UUIDv7 ids, time-ordered within the process: after 4,096 ids in one millisecond
 * the next take the following millisecond, as the RFC allows, so an id is never repeated.
 */
export function timeOrderedIds(now: () => number = Date.now): () => string {
  const counters: string[] = [];
  let millisecond = -1;
  let counter = 0;
  let head = '';
  let tail = '';
  return () => {
    const time = now();
    if (time > millisecond) {
      millisecond = time;
      counter = 0;
    } else if (++counter === COUNTER_LIMIT) {
      millisecond++;
      counter = 0;
    }
    if (counter === 0) {
      const digits = hex(millisecond, 12);
      head = `${digits.slice(0, 8)}-${digits.slice(8)}-7`;
      tail = randomTail();
    }
    counters[counter] ??= hex(counter, 3);
    return head + counters[counter] + tail;
  };
}
