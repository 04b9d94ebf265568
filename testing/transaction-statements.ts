/** What a statement written as SQL does to the transaction: begins, commits or rolls back one. */
export type TransactionStatement = 'begin' | 'commit' | 'rollback';

const BEGIN =
  /^\s*(?:BEGIN(?:\s+(?:DEFERRED|IMMEDIATE|EXCLUSIVE))?(?:\s+TRANSACTION)?|START\s+TRANSACTION\b[^;]*)\s*;?\s*$/i;
const COMMIT = /^\s*(?:COMMIT|END)(?:\s+(?:TRANSACTION|WORK))?\s*;?\s*$/i;
// `ROLLBACK TO <savepoint>` is not one: it leaves the transaction open.
const ROLLBACK = /^\s*ROLLBACK(?:\s+(?:TRANSACTION|WORK))?\s*;?\s*$/i;

/**
 * Which of `BEGIN` (SQLite's `BEGIN IMMEDIATE` included), `COMMIT` or `ROLLBACK` the statement
 * `sql` is, if any: code that takes a connection and writes its transaction as SQL (the jobs'
 * claims on SQLite) begins one that way rather than through Kysely's `transaction()`.
 */
export function transactionStatementOf(sql: string): TransactionStatement | undefined {
  if (BEGIN.test(sql)) return 'begin';
  if (COMMIT.test(sql)) return 'commit';
  if (ROLLBACK.test(sql)) return 'rollback';
  return undefined;
}
