import type { DatabaseConnection as KyselyConnection } from 'kysely';
import { kysely } from '../modules/database/load-kysely';

/** Where one PostgreSQL sequence stood. */
export interface SequenceState {
  schema: string;
  name: string;
  start: string;
  last: string | null;
}

const run = <R>(connection: KyselyConnection, statement: string, parameters: unknown[] = []) =>
  connection.executeQuery<R>(kysely().CompiledQuery.raw(statement, parameters));

/** Where each sequence of the database stands, read on `connection`: a rollback does not take back the numbers it gave. */
export async function readSequences(connection: KyselyConnection): Promise<SequenceState[]> {
  const { rows } = await run<SequenceState>(
    connection,
    `SELECT schemaname AS schema, sequencename AS name, start_value AS start, last_value AS last
      FROM pg_sequences`,
  );
  return rows;
}

/** Sets each sequence back where `sequences` says it stood, on `connection`. */
export async function restoreSequences(
  connection: KyselyConnection,
  sequences: readonly SequenceState[],
): Promise<void> {
  const sequence = `format('%I.%I', $1::text, $2::text)::regclass`;
  for (const { schema, name, start, last } of sequences) {
    if (last === null)
      await run(connection, `SELECT setval(${sequence}, $3::bigint, false)`, [schema, name, start]);
    else await run(connection, `SELECT setval(${sequence}, $3::bigint, true)`, [schema, name, last]);
  }
}
