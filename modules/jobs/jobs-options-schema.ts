import { z } from 'zod';

const positiveInt = z.number().int().positive();

/** The schema `install('jobs', options)` checks its options against. */
export const jobsOptionsSchema = z.object({
  handlers: z.array(z.custom<Function>((value) => typeof value === 'function', 'must be a class')),
  concurrency: positiveInt.optional(),
  worker: z.boolean().optional(),
  pollIntervalMs: positiveInt.optional(),
  lockTimeoutMs: positiveInt.optional(),
});
