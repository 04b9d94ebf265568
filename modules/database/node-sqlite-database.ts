import type { SqliteDatabase, SqliteStatement } from 'kysely';
import { databaseModuleError } from './database-errors';
import { sqliteCodeName } from './sqlite-result-codes';

type NodeSqlite = typeof import('node:sqlite');
type DatabaseSync = InstanceType<NodeSqlite['DatabaseSync']>;
type StatementSync = ReturnType<DatabaseSync['prepare']>;
type Row = Record<string, unknown>;

/** A SQLite handle as Trellis's dialect uses it, whichever driver opened it. */
export interface SqliteHandle extends SqliteDatabase {
  /** Runs one PRAGMA (or any statement) and ignores what it returns. */
  pragma(statement: string): unknown;
}

let loaded: NodeSqlite | undefined;

// Node 22 prints an ExperimentalWarning the first time node:sqlite loads (24 does not): every
// CLI run and every served process would print it, so that one warning is held back.
function nodeSqlite(): NodeSqlite {
  if (loaded) return loaded;
  const emitWarning = process.emitWarning;
  process.emitWarning = ((warning: string | Error, ...rest: unknown[]) => {
    const text = typeof warning === 'string' ? warning : warning.message;
    if (/SQLite is an experimental feature/.test(text)) return;
    return (emitWarning as (...args: unknown[]) => void).call(process, warning, ...rest);
  }) as typeof process.emitWarning;
  try {
    loaded = require('node:sqlite') as NodeSqlite;
    return loaded;
  } finally {
    process.emitWarning = emitWarning;
  }
}

// node:sqlite without a flag: Node 22.13 and later.
function usableNodeSqlite(): NodeSqlite {
  let module: NodeSqlite | undefined;
  try {
    module = nodeSqlite();
  } catch {}
  if (typeof module?.DatabaseSync !== 'function')
    throw databaseModuleError('TRELLIS_ERR_NODE_SQLITE_UNAVAILABLE', process.version);
  return module;
}

// Statements that give rows, for a Node without StatementSync#columns() (before 22.16).
const READER = /^\s*(SELECT|WITH|VALUES|PRAGMA|EXPLAIN)\b|\bRETURNING\b/i;

function readsRows(statement: StatementSync): boolean {
  return typeof statement.columns === 'function'
    ? statement.columns().length > 0
    : READER.test(statement.sourceSQL);
}

// node:sqlite's failures carry SQLite's result code as a number; the name goes in `code`, as
// better-sqlite3 puts it, so busy timeouts, storage faults and UNIQUE violations read the same.
function named(err: unknown): unknown {
  const failure = err as { code?: unknown; errcode?: unknown } | null;
  if (failure?.code === 'ERR_SQLITE_ERROR' && typeof failure.errcode === 'number')
    failure.code = sqliteCodeName(failure.errcode);
  return err;
}

// Rows come as plain objects (node:sqlite's have no prototype) and BLOBs as Buffers (it gives
// Uint8Arrays): what better-sqlite3 gives, so a row reads the same on either driver.
function plain(native: Row): Row {
  const row: Row = {};
  for (const key in native) {
    const value = native[key];
    row[key] =
      value instanceof Uint8Array ? Buffer.from(value.buffer, value.byteOffset, value.byteLength) : value;
  }
  return row;
}

class NodeSqliteStatement implements SqliteStatement {
  readonly reader: boolean;

  constructor(private readonly statement: StatementSync) {
    this.reader = readsRows(statement);
  }

  all(parameters: ReadonlyArray<unknown>): unknown[] {
    try {
      return (this.statement.all(...(parameters as never[])) as Row[]).map(plain);
    } catch (err) {
      throw named(err);
    }
  }

  run(parameters: ReadonlyArray<unknown>): { changes: number | bigint; lastInsertRowid: number | bigint } {
    try {
      return this.statement.run(...(parameters as never[]));
    } catch (err) {
      throw named(err);
    }
  }

  *iterate(parameters: ReadonlyArray<unknown>): IterableIterator<unknown> {
    try {
      for (const row of this.statement.iterate(...(parameters as never[]))) yield plain(row as Row);
    } catch (err) {
      throw named(err);
    }
  }
}

/**
 * Opens `file` through Node's own `node:sqlite` (nothing to compile), shaped as Kysely's
 * SQLite dialect expects: the same driver code then serves node:sqlite and better-sqlite3.
 */
export function openNodeSqlite(file: string, busyTimeoutMs: number): SqliteHandle {
  const { DatabaseSync } = usableNodeSqlite();
  let db: DatabaseSync;
  try {
    db = new DatabaseSync(file);
    // The pragma rather than the constructor's `timeout` option, which Node 22.13-22.15 lacks.
    db.exec(`PRAGMA busy_timeout = ${busyTimeoutMs}`);
  } catch (err) {
    throw named(err);
  }
  return {
    prepare(sql: string) {
      try {
        return new NodeSqliteStatement(db.prepare(sql));
      } catch (err) {
        throw named(err);
      }
    },
    pragma(statement: string) {
      try {
        db.exec(`PRAGMA ${statement}`);
      } catch (err) {
        throw named(err);
      }
    },
    close: () => db.close(),
  };
}
