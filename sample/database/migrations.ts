import { type Kysely, type Migration, sql } from 'kysely';

/** Which database the migrations write for: the few statements that differ are chosen by it. */
export type SampleDialect = 'sqlite' | 'postgres';

// `IF NOT EXISTS` throughout: a SQLite file made before the database module (by the hand-written
// migration it replaces) already has these tables, and keeps its rows.
async function createUsers(db: Kysely<any>, dialect: SampleDialect): Promise<void> {
  await db.schema
    .createTable('users')
    .ifNotExists()
    .addColumn('id', dialect === 'postgres' ? 'serial' : 'integer', (column) =>
      dialect === 'postgres' ? column.primaryKey() : column.primaryKey().autoIncrement(),
    )
    .addColumn('username', 'text', (column) =>
      dialect === 'sqlite' ? column.notNull().modifyEnd(sql`COLLATE NOCASE UNIQUE`) : column.notNull(),
    )
    .addColumn('email', 'text', (column) => column.notNull())
    .addColumn('password_hash', 'text', (column) => column.notNull())
    .addColumn('role', 'text', (column) => column.notNull())
    .addColumn('permissions', 'text', (column) => column.notNull().defaultTo('[]'))
    .addColumn('created_at', 'text', (column) => column.notNull())
    .execute();
  // Usernames are unique whatever their case: SQLite by the column's collation, PostgreSQL by index.
  if (dialect === 'postgres')
    await sql`CREATE UNIQUE INDEX IF NOT EXISTS users_username_lower ON users (lower(username))`.execute(db);
  await db.schema.createIndex('users_role').ifNotExists().on('users').column('role').execute();
}

async function createTasks(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('tasks')
    .ifNotExists()
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('title', 'text', (column) => column.notNull())
    .addColumn('description', 'text')
    .addColumn('status', 'text', (column) =>
      column.notNull().check(sql`status IN ('todo', 'in_progress', 'review', 'done')`),
    )
    .addColumn('assignee_id', 'integer', (column) => column.references('users.id').onDelete('set null'))
    .addColumn('created_by', 'integer', (column) => column.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (column) => column.notNull())
    .execute();
  await sql`CREATE INDEX IF NOT EXISTS tasks_created_at_id ON tasks (created_at DESC, id DESC)`.execute(db);
  await db.schema
    .createIndex('tasks_assignee_status')
    .ifNotExists()
    .on('tasks')
    .columns(['assignee_id', 'status'])
    .execute();
  await db.schema.createIndex('tasks_status').ifNotExists().on('tasks').column('status').execute();
}

/**
 * The sample's migrations for the `database` module, by name; each runs once per database.
 * @example app.install('database', { url, migrations: sampleMigrations('sqlite') });
 */
export function sampleMigrations(dialect: SampleDialect): Record<string, Migration> {
  return {
    '001_users_and_tasks': {
      async up(db) {
        await createUsers(db, dialect);
        await createTasks(db);
      },
    },
  };
}
