import type * as KyselyPackage from 'kysely';

/**
 * Kysely, loaded by the first application that uses a database rather than by
 * `require('trellis')`: an application without one never pays for its 263 files.
 */
export const kysely = (): typeof KyselyPackage => require('kysely');
