// SQLite's result codes by number (https://sqlite.org/rescode.html). node:sqlite reports a
// failure as `ERR_SQLITE_ERROR` with the number in `errcode`; better-sqlite3 (and everything in
// Trellis and in applications written for it) reads the name from `code`.
const PRIMARY: Record<number, string> = {
  1: 'ERROR',
  2: 'INTERNAL',
  3: 'PERM',
  4: 'ABORT',
  5: 'BUSY',
  6: 'LOCKED',
  7: 'NOMEM',
  8: 'READONLY',
  9: 'INTERRUPT',
  10: 'IOERR',
  11: 'CORRUPT',
  12: 'NOTFOUND',
  13: 'FULL',
  14: 'CANTOPEN',
  15: 'PROTOCOL',
  16: 'EMPTY',
  17: 'SCHEMA',
  18: 'TOOBIG',
  19: 'CONSTRAINT',
  20: 'MISMATCH',
  21: 'MISUSE',
  22: 'NOLFS',
  23: 'AUTH',
  24: 'FORMAT',
  25: 'RANGE',
  26: 'NOTADB',
  27: 'NOTICE',
  28: 'WARNING',
};

// The extended codes applications and Trellis tell apart (a UNIQUE violation, a busy timeout,
// which storage fault); any other extended code is named by its primary code with a suffix of
// its number, so a storage fault still starts with SQLITE_IOERR, SQLITE_FULL, ...
const EXTENDED: Record<number, string> = {
  261: 'BUSY_RECOVERY',
  517: 'BUSY_SNAPSHOT',
  773: 'BUSY_TIMEOUT',
  262: 'LOCKED_SHAREDCACHE',
  264: 'READONLY_RECOVERY',
  520: 'READONLY_CANTLOCK',
  776: 'READONLY_ROLLBACK',
  1032: 'READONLY_DBMOVED',
  1288: 'READONLY_CANTINIT',
  1544: 'READONLY_DIRECTORY',
  266: 'IOERR_READ',
  522: 'IOERR_SHORT_READ',
  778: 'IOERR_WRITE',
  1034: 'IOERR_FSYNC',
  1290: 'IOERR_DIR_FSYNC',
  1546: 'IOERR_TRUNCATE',
  1802: 'IOERR_FSTAT',
  3082: 'IOERR_NOMEM',
  3338: 'IOERR_ACCESS',
  3850: 'IOERR_LOCK',
  4106: 'IOERR_CLOSE',
  270: 'CANTOPEN_NOTEMPDIR',
  526: 'CANTOPEN_ISDIR',
  782: 'CANTOPEN_FULLPATH',
  275: 'CONSTRAINT_CHECK',
  531: 'CONSTRAINT_COMMITHOOK',
  787: 'CONSTRAINT_FOREIGNKEY',
  1043: 'CONSTRAINT_FUNCTION',
  1299: 'CONSTRAINT_NOTNULL',
  1555: 'CONSTRAINT_PRIMARYKEY',
  1811: 'CONSTRAINT_TRIGGER',
  2067: 'CONSTRAINT_UNIQUE',
  2323: 'CONSTRAINT_VTAB',
  2579: 'CONSTRAINT_ROWID',
  3091: 'CONSTRAINT_DATATYPE',
};

/**
 * The name better-sqlite3 gives SQLite's result code `errcode`.
 * @example sqliteCodeName(2067) // 'SQLITE_CONSTRAINT_UNIQUE'
 */
export function sqliteCodeName(errcode: number): string {
  const extended = EXTENDED[errcode];
  if (extended) return `SQLITE_${extended}`;
  const primary = PRIMARY[errcode & 0xff] ?? 'ERROR';
  return errcode > 0xff ? `SQLITE_${primary}_${errcode >> 8}` : `SQLITE_${primary}`;
}
