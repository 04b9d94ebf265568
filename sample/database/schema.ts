import type { Generated, Kysely } from 'kysely';

/** The `users` table. */
export interface UsersTable {
  id: Generated<number>;
  username: string;
  email: string;
  password_hash: string;
  role: string;
  /** A JSON array of permission names. */
  permissions: string;
  created_at: string;
}

/** The `tasks` table; `created_at` is an ISO time, so text order is time order. */
export interface TasksTable {
  id: string;
  title: string;
  description: string | null;
  status: 'todo' | 'in_progress' | 'review' | 'done';
  assignee_id: number | null;
  created_by: number | null;
  created_at: string;
}

/** The sample's schema, as its migrations make it. */
export interface SampleSchema {
  users: UsersTable;
  tasks: TasksTable;
}

/** The database the repositories share: the `database` module's Kysely over the sample's schema. */
export type SampleDatabase = Kysely<SampleSchema>;
