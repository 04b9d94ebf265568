import { z } from 'zod';
import { MAX_JOB_TIMEOUT_MS } from '../../src/jobs';

const positiveInt = z.number().int().positive();
// Milliseconds a Node.js timer holds.
const timerMs = positiveInt.max(MAX_JOB_TIMEOUT_MS);

/** The schema `install('jobs', options)` checks its options against. */
export const jobsOptionsSchema = z.object({
  handlers: z.array(z.custom<Function>((value) => typeof value === 'function', 'must be a class')),
  concurrency: positiveInt.optional(),
  worker: z.boolean().optional(),
  pollIntervalMs: positiveInt.optional(),
  lockTimeoutMs: timerMs.optional(),
  timeoutMs: timerMs.optional(),
});
