import type { Statement } from 'better-sqlite3';
import type { SampleDatabase } from '../database/connection';
import { KeysetStatements } from '../database/keyset-statements';
import { isUniqueViolation } from '../database/unique-violation';
import type { Listing } from '../paging/list-page';
import { DATABASE } from '../tokens';
import { Inject, Injectable, type KeysetOrder, type KeysetPlan } from '../trellis';
import type { NewUser, UserChanges, UserRecord } from './user';
import { UsernameTakenError } from './username-taken-error';

interface UserRow {
  id: number;
  username: string;
  email: string;
  password_hash: string;
  role: string;
  permissions: string;
  created_at: string;
}

function toRecord(row: UserRow): UserRecord {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    passwordHash: row.password_hash,
    role: row.role,
    permissions: JSON.parse(row.permissions) as string[],
    createdAt: row.created_at,
  };
}

const COLUMNS = 'id, username, email, password_hash, role, permissions, created_at';

/** Users in SQLite. The only class that reads password hashes from the database. */
@Injectable()
export class UsersRepository implements Listing<UserRecord> {
  /** Users are listed by id, oldest first. */
  readonly order: KeysetOrder<UserRecord> = { keys: ['id'], order: 'asc' };
  private readonly byId: Statement<[number], UserRow>;
  private readonly byUsername: Statement<[string], UserRow>;
  private readonly byIds: Statement<[string], UserRow>;
  private readonly insertOne: Statement<unknown[], UserRow>;
  private readonly deleteOne: Statement<[number]>;
  private readonly countAll: Statement<[], { total: number }>;
  private readonly countRoles: Statement<[], { role: string; total: number }>;
  private readonly offsetPage: Statement<[number, number], UserRow>;
  private readonly keyset: KeysetStatements<UserRow>;

  constructor(@Inject(DATABASE) private readonly db: SampleDatabase) {
    this.byId = db.prepare(`SELECT ${COLUMNS} FROM users WHERE id = ?`);
    this.byUsername = db.prepare(`SELECT ${COLUMNS} FROM users WHERE username = ?`);
    // One statement for any number of ids: they travel as one JSON array.
    this.byIds = db.prepare(`SELECT ${COLUMNS} FROM users WHERE id IN (SELECT value FROM json_each(?))`);
    this.insertOne = db.prepare(
      `INSERT INTO users (username, email, password_hash, role, permissions, created_at)
       VALUES (?, ?, ?, ?, ?, ?) RETURNING ${COLUMNS}`,
    );
    this.deleteOne = db.prepare('DELETE FROM users WHERE id = ?');
    this.countAll = db.prepare('SELECT count(*) AS total FROM users');
    this.countRoles = db.prepare('SELECT role, count(*) AS total FROM users GROUP BY role');
    this.offsetPage = db.prepare(`SELECT ${COLUMNS} FROM users ORDER BY id LIMIT ? OFFSET ?`);
    this.keyset = new KeysetStatements<UserRow>(
      db,
      ['id'],
      (where, order) => `SELECT ${COLUMNS} FROM users ${where} ORDER BY id ${order} LIMIT ?`,
    );
  }

  /** The user with that id. */
  findById(id: number): UserRecord | undefined {
    const row = this.byId.get(id);
    return row && toRecord(row);
  }

  /** The users with those ids, in one query, in no particular order; unknown ids are left out. */
  findByIds(ids: readonly number[]): UserRecord[] {
    return this.byIds.all(JSON.stringify(ids)).map(toRecord);
  }

  /** The user with that username (case-insensitive). */
  findByUsername(username: string): UserRecord | undefined {
    const row = this.byUsername.get(username);
    return row && toRecord(row);
  }

  /** Stores a new user; the UNIQUE constraint, not a prior read, decides a race for one name. */
  create(user: NewUser): UserRecord {
    try {
      const row = this.insertOne.get(
        user.username,
        user.email,
        user.passwordHash,
        user.role,
        JSON.stringify(user.permissions),
        new Date().toISOString(),
      )!;
      return toRecord(row);
    } catch (err) {
      if (isUniqueViolation(err)) throw new UsernameTakenError(user.username);
      throw err;
    }
  }

  /** Applies `changes` to a user; `undefined` when there is no such user. */
  update(id: number, changes: UserChanges): UserRecord | undefined {
    const columns: Record<string, unknown> = {
      email: changes.email,
      password_hash: changes.passwordHash,
      role: changes.role,
      permissions: changes.permissions && JSON.stringify(changes.permissions),
    };
    const set = Object.keys(columns).filter((column) => columns[column] !== undefined);
    if (set.length === 0) return this.findById(id);
    // Column names come from the fixed list above, never from the request.
    const row = this.db
      .prepare<unknown[], UserRow>(
        `UPDATE users SET ${set.map((column) => `${column} = ?`).join(', ')} WHERE id = ? RETURNING ${COLUMNS}`,
      )
      .get(...set.map((column) => columns[column]), id);
    return row && toRecord(row);
  }

  /** Removes a user; whether there was one. */
  delete(id: number): boolean {
    return this.deleteOne.run(id).changes > 0;
  }

  /** How many users there are. */
  count(): number {
    return this.countAll.get()!.total;
  }

  /** How many users hold each role. */
  countByRole(): Record<string, number> {
    return Object.fromEntries(this.countRoles.all().map((row) => [row.role, row.total]));
  }

  /** One offset page, by id. */
  page(offset: number, limit: number): UserRecord[] {
    return this.offsetPage.all(limit, offset).map(toRecord);
  }

  /** The rows of one keyset page by id, in the plan's fetch order. */
  seek(plan: KeysetPlan<UserRecord>): UserRecord[] {
    return this.keyset.fetch(plan).map(toRecord);
  }
}
