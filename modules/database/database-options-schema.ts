import { z } from 'zod';

// A Kysely plugin is any object with both hooks (a class instance: its methods are inherited).
const kyselyPlugin = z.custom<object>(
  (value) =>
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Record<string, unknown>).transformQuery === 'function' &&
    typeof (value as Record<string, unknown>).transformResult === 'function',
  { message: 'expected a Kysely plugin (an object with transformQuery and transformResult)' },
);

/** The shape of the `database` module's options, checked at `install`. */
export const databaseOptionsSchema = z
  .object({
    url: z.string().min(1).optional(),
    driver: z.enum(['node:sqlite', 'better-sqlite3']).optional(),
    migrations: z
      .union([z.string().min(1), z.record(z.string(), z.object({ up: z.function() }).loose())])
      .optional(),
    plugins: z.array(kyselyPlugin).optional(),
    poolSize: z.number().int().min(1).max(1000).optional(),
    idempotencyStore: z.object({}).loose().optional(),
    idempotencyPurgeMs: z.union([z.number().int().min(1), z.literal(false)]).optional(),
  })
  .strict();
