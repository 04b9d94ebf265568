import type { Logger } from 'pino';

// SQLite's own word that its storage failed: the disk is full, an I/O error, the file (or its
// WAL) is read-only, or it cannot be opened. The extended codes (SQLITE_IOERR_WRITE, ...) too.
const STORAGE_FAULT = /^SQLITE_(FULL|IOERR|READONLY|CANTOPEN)/;

/** Whether `err` is a storage fault of SQLite (as opposed to a query it refused). */
export function isStorageFault(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && STORAGE_FAULT.test(code);
}

/**
 * The storage faults of one connection: from the first fault until a write succeeds again, the
 * database counts as down (readiness 503). The fault is logged once, with SQLite's own error.
 */
export class StorageFaults {
  private fault: unknown;

  constructor(private readonly logger: Logger) {}

  /** Whether a storage fault has not been followed by a successful write yet. */
  get faulted(): boolean {
    return this.fault !== undefined;
  }

  /** Notes a failed query: a storage fault starts (or continues) the fault. */
  failed(err: unknown): void {
    if (!isStorageFault(err)) return;
    if (this.fault === undefined)
      this.logger.error(
        { err },
        'database: storage fault; requests that need the database answer 503 until a write succeeds',
      );
    this.fault = err;
  }

  /** Notes a successful write: the fault, if any, is over. */
  wrote(): void {
    if (this.fault === undefined) return;
    this.fault = undefined;
    this.logger.info('database: writes succeed again after a storage fault');
  }
}
