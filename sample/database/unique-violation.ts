/** Whether `err` is SQLite refusing a row because of a UNIQUE constraint. */
export function isUniqueViolation(err: unknown): boolean {
  return (err as { code?: unknown } | null)?.code === 'SQLITE_CONSTRAINT_UNIQUE';
}
