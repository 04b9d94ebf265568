import type { Kysely, Migration } from 'kysely';
import { Inject, Injectable } from '../../../index';
import { Database } from '../../../modules/database';

/** The specs' schema: accounts with a balance, and a ledger of the moves between them. */
export const SPEC_MIGRATIONS: Record<string, Migration> = {
  '001_accounts': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('accounts')
        .addColumn('name', 'varchar(50)', (column) => column.primaryKey())
        .addColumn('balance', 'integer', (column) => column.notNull())
        .execute();
    },
  },
  '002_ledger': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('ledger')
        .addColumn('id', 'varchar(50)', (column) => column.primaryKey())
        .addColumn('account', 'varchar(50)', (column) => column.notNull())
        .addColumn('amount', 'integer', (column) => column.notNull())
        .execute();
    },
  },
};

/** The idempotency specs' schema: items with an id and a name. */
export const ITEMS_MIGRATIONS: Record<string, Migration> = {
  '001_items': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('items')
        .addColumn('id', 'varchar(64)', (column) => column.primaryKey())
        .addColumn('name', 'varchar(64)')
        .execute();
    },
  },
};

/** Accounts, through the module's `Database`. */
@Injectable()
export class AccountsRepository {
  constructor(@Inject(Database) private readonly db: Database) {}

  async open(name: string, balance: number): Promise<void> {
    await this.db.insertInto('accounts').values({ name, balance }).execute();
  }

  async move(name: string, amount: number): Promise<void> {
    await this.db
      .updateTable('accounts')
      .set((eb) => ({ balance: eb('balance', '+', amount) }))
      .where('name', '=', name)
      .execute();
  }

  async balances(): Promise<Record<string, number>> {
    const rows = await this.db.selectFrom('accounts').select(['name', 'balance']).orderBy('name').execute();
    return Object.fromEntries(rows.map((row) => [row.name, Number(row.balance)]));
  }
}

/** The ledger, a second repository on the same `Database`. */
@Injectable()
export class LedgerRepository {
  constructor(@Inject(Database) private readonly db: Database) {}

  async record(id: string, account: string, amount: number): Promise<void> {
    await this.db.insertInto('ledger').values({ id, account, amount }).execute();
  }

  async count(): Promise<number> {
    const row = await this.db
      .selectFrom('ledger')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
}
