import type { Kysely } from 'kysely';

/**
 * The container token of the database (a Kysely instance) the `database` module binds; inside a
 * `Transactional()` call it is that call's transaction.
 * @example constructor(@Inject(Database) private readonly db: Database<Schema>) {}
 */
export const Database: unique symbol = Symbol.for('trellis.database');
/** The type of what `Database` gives: a Kysely instance over the application's schema `DB`. */
export type Database<DB = any> = Kysely<DB>;
