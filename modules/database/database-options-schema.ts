import { z } from 'zod';

/** The shape of the `database` module's options, checked at `install`. */
export const databaseOptionsSchema = z
  .object({
    url: z.string().min(1).optional(),
    driver: z.enum(['node:sqlite', 'better-sqlite3']).optional(),
    migrations: z
      .union([z.string().min(1), z.record(z.string(), z.object({ up: z.function() }).loose())])
      .optional(),
    poolSize: z.number().int().min(1).max(1000).optional(),
    idempotencyStore: z.object({}).loose().optional(),
    idempotencyPurgeMs: z.union([z.number().int().min(1), z.literal(false)]).optional(),
  })
  .strict();
