import type { EnqueueOptions } from './jobs-token';

/**
 * The earliest `runAt` a job can have: year 1. Earlier years have no four-digit ISO form, which
 * PostgreSQL's `timestamptz` cannot read.
 */
export const EARLIEST_RUN_AT = Date.parse('0001-01-01T00:00:00.000Z');
/**
 * The latest `runAt` a job can have: the end of year 9999, the last moment with a four-digit
 * ISO year, stored alike by PostgreSQL's `timestamptz` and SQLite's integer column.
 */
export const LATEST_RUN_AT = Date.parse('9999-12-31T23:59:59.999Z');

const RUN_AT_RANGE = `from ${new Date(EARLIEST_RUN_AT).toISOString()} to ${new Date(LATEST_RUN_AT).toISOString()}`;

// graphile-worker keeps max_attempts and priority as smallint; SQLite takes the same bounds.
const SMALLINT = { min: -32_768, max: 32_767 };

const isSmallint = (value: number, min: number) =>
  Number.isInteger(value) && value >= min && value <= SMALLINT.max;

/** What is wrong with `enqueue`'s options, or undefined when nothing is; `now` is when it is asked. */
export function enqueueOptionsProblem(options: EnqueueOptions, now = Date.now()): string | undefined {
  const { runAt, delayMs, key, maxAttempts, priority } = options;
  if (runAt !== undefined) {
    const at = runAt instanceof Date ? runAt.getTime() : Number.NaN;
    if (!(at >= EARLIEST_RUN_AT && at <= LATEST_RUN_AT)) return `runAt must be a valid Date ${RUN_AT_RANGE}`;
  }
  if (delayMs !== undefined && !(Number.isFinite(delayMs) && delayMs >= 0))
    return 'delayMs must be a number of milliseconds, 0 or more';
  if (delayMs !== undefined && now + delayMs > LATEST_RUN_AT)
    return `delayMs must put the job ${RUN_AT_RANGE}`;
  if (key !== undefined && (typeof key !== 'string' || key === '')) return 'key must be a non-empty string';
  if (maxAttempts !== undefined && !isSmallint(maxAttempts, 1))
    return `maxAttempts must be an integer from 1 to ${SMALLINT.max}`;
  if (priority !== undefined && !isSmallint(priority, SMALLINT.min))
    return `priority must be an integer from ${SMALLINT.min} to ${SMALLINT.max}`;
  return undefined;
}
