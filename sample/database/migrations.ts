import type Database from 'better-sqlite3';

// Each entry moves the schema one version up; `user_version` records how far a file has come,
// so an existing database keeps its rows and only runs what it has not run yet.
const MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE users (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    username      TEXT    NOT NULL COLLATE NOCASE UNIQUE,
    email         TEXT    NOT NULL,
    password_hash TEXT    NOT NULL,
    role          TEXT    NOT NULL,
    permissions   TEXT    NOT NULL DEFAULT '[]',
    created_at    TEXT    NOT NULL
  );
  CREATE INDEX users_role ON users (role);

  CREATE TABLE tasks (
    id          TEXT    PRIMARY KEY,
    title       TEXT    NOT NULL,
    description TEXT,
    status      TEXT    NOT NULL CHECK (status IN ('todo', 'in_progress', 'review', 'done')),
    assignee_id INTEGER REFERENCES users (id) ON DELETE SET NULL,
    created_by  INTEGER REFERENCES users (id) ON DELETE SET NULL,
    created_at  TEXT    NOT NULL
  );
  CREATE INDEX tasks_created_at_id ON tasks (created_at DESC, id DESC);
  CREATE INDEX tasks_assignee_status ON tasks (assignee_id, status);
  CREATE INDEX tasks_status ON tasks (status);
  `,
];

/** Runs the migrations `db` has not run yet, each in its own transaction. */
export function migrate(db: Database.Database): void {
  // The version is read inside the write lock, so two instances starting on one file at once
  // cannot both run the same step.
  const step = db.transaction((): boolean => {
    const version = db.pragma('user_version', { simple: true }) as number;
    if (version >= MIGRATIONS.length) return false;
    db.exec(MIGRATIONS[version]);
    db.pragma(`user_version = ${version + 1}`);
    return true;
  });
  let applied = true;
  while (applied) applied = step.immediate();
}

/** The schema version the code expects. */
export const SCHEMA_VERSION = MIGRATIONS.length;
