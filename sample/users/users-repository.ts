import { sql } from 'kysely';
import { seek } from '../database/keyset';
import type { SampleDatabase, UsersTable } from '../database/schema';
import { isUniqueViolation } from '../database/unique-violation';
import type { Listing } from '../paging/list-page';
import { Database, Inject, Injectable, type KeysetOrder, type KeysetPlan } from '../trellis';
import type { NewUser, UserChanges, UserRecord } from './user';
import { UsernameTakenError } from './username-taken-error';

type UserRow = Omit<UsersTable, 'id'> & { id: number };

function toRecord(row: UserRow): UserRecord {
  return {
    id: Number(row.id),
    username: row.username,
    email: row.email,
    passwordHash: row.password_hash,
    role: row.role,
    permissions: JSON.parse(row.permissions) as string[],
    createdAt: row.created_at,
  };
}

const COLUMNS = ['id', 'username', 'email', 'password_hash', 'role', 'permissions', 'created_at'] as const;

/** Users in the database (SQLite or PostgreSQL). The only class that reads password hashes from it. */
@Injectable()
export class UsersRepository implements Listing<UserRecord> {
  /** Users are listed by id, oldest first. */
  readonly order: KeysetOrder<UserRecord> = { keys: ['id'], order: 'asc' };

  constructor(@Inject(Database) private readonly db: SampleDatabase) {}

  /** The user with that id. */
  async findById(id: number): Promise<UserRecord | undefined> {
    const row = await this.db.selectFrom('users').select(COLUMNS).where('id', '=', id).executeTakeFirst();
    return row && toRecord(row);
  }

  /** The users with those ids, in one query, in no particular order; unknown ids are left out. */
  async findByIds(ids: readonly number[]): Promise<UserRecord[]> {
    if (ids.length === 0) return [];
    const rows = await this.db.selectFrom('users').select(COLUMNS).where('id', 'in', ids).execute();
    return rows.map(toRecord);
  }

  /** The user with that username (case-insensitive). */
  async findByUsername(username: string): Promise<UserRecord | undefined> {
    // lower() on both sides matches the unique index on PostgreSQL and the NOCASE column on SQLite.
    const row = await this.db
      .selectFrom('users')
      .select(COLUMNS)
      .where(sql<string>`lower(username)`, '=', username.toLowerCase())
      .executeTakeFirst();
    return row && toRecord(row);
  }

  /** Stores a new user; the UNIQUE constraint, not a prior read, decides a race for one name. */
  async create(user: NewUser): Promise<UserRecord> {
    try {
      const row = await this.db
        .insertInto('users')
        .values({
          username: user.username,
          email: user.email,
          password_hash: user.passwordHash,
          role: user.role,
          permissions: JSON.stringify(user.permissions),
          created_at: new Date().toISOString(),
        })
        .returning(COLUMNS)
        .executeTakeFirstOrThrow();
      return toRecord(row);
    } catch (err) {
      if (isUniqueViolation(err)) throw new UsernameTakenError(user.username);
      throw err;
    }
  }

  /** Applies `changes` to a user; `undefined` when there is no such user. */
  async update(id: number, changes: UserChanges): Promise<UserRecord | undefined> {
    const columns = Object.fromEntries(
      Object.entries({
        email: changes.email,
        password_hash: changes.passwordHash,
        role: changes.role,
        permissions: changes.permissions && JSON.stringify(changes.permissions),
      }).filter(([, value]) => value !== undefined),
    );
    if (Object.keys(columns).length === 0) return this.findById(id);
    const row = await this.db
      .updateTable('users')
      .set(columns)
      .where('id', '=', id)
      .returning(COLUMNS)
      .executeTakeFirst();
    return row && toRecord(row);
  }

  /** Removes a user; whether there was one. */
  async delete(id: number): Promise<boolean> {
    const result = await this.db.deleteFrom('users').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** How many users there are. */
  async count(): Promise<number> {
    const row = await this.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll().as('total'))
      .executeTakeFirstOrThrow();
    return Number(row.total);
  }

  /** How many users hold each role. */
  async countByRole(): Promise<Record<string, number>> {
    const rows = await this.db
      .selectFrom('users')
      .select((eb) => ['role', eb.fn.countAll().as('total')])
      .groupBy('role')
      .execute();
    return Object.fromEntries(rows.map((row) => [row.role, Number(row.total)]));
  }

  /** One offset page, by id. */
  async page(offset: number, limit: number): Promise<UserRecord[]> {
    const rows = await this.db
      .selectFrom('users')
      .select(COLUMNS)
      .orderBy('id')
      .limit(limit)
      .offset(offset)
      .execute();
    return rows.map(toRecord);
  }

  /** The rows of one keyset page by id, in the plan's fetch order. */
  async seek(plan: KeysetPlan<UserRecord>): Promise<UserRecord[]> {
    const rows = await seek(this.db.selectFrom('users').select(COLUMNS), ['id'], plan).execute();
    return rows.map(toRecord);
  }
}
