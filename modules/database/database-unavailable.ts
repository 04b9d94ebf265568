import { ServiceUnavailableException } from '../../src/kernel';
import { isStorageFault } from './storage-faults';

/** The message of every 503 caused by the database: the client learns to retry, not what failed. */
export const DATABASE_UNAVAILABLE_MESSAGE = 'Service temporarily unavailable, please try again shortly';

// Connection failures of pg and Node (no code on pg's own "Connection terminated" errors), the
// PostgreSQL classes 08 (connection) and 57P (shutdown), SQLite's lock timeout and its storage
// faults (a full disk, an I/O error, a read-only file): each passes, so the client retries.
const CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'SQLITE_BUSY',
]);
const MESSAGES =
  /Connection terminated|connection error|timeout exceeded when trying to connect|Connection ended|not queryable/i;

/** Whether `err` says the database cannot be reached (as opposed to a query it refused). */
export function isUnreachable(err: unknown): boolean {
  const { code, message } = (err ?? {}) as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && (CODES.has(code) || code.startsWith('08') || code.startsWith('57P')))
    return true;
  if (isStorageFault(err)) return true;
  return typeof message === 'string' && MESSAGES.test(message);
}

/** `err` as the 503 the client gets when the database is unreachable, else `err` itself. */
export function databaseError(err: unknown): unknown {
  if (err instanceof ServiceUnavailableException || !isUnreachable(err)) return err;
  return new ServiceUnavailableException(DATABASE_UNAVAILABLE_MESSAGE, {
    cause: err,
    headers: { 'Retry-After': '1' },
  });
}
