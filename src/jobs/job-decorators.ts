import type { ZodType } from 'zod';
import { metadataRegistry } from '../kernel';
import { CRON, JOB } from './job-metadata';

/** What `Job()` takes besides the name and the payload's schema. */
export interface JobOptions {
  /** Runs before the job is kept as failed (default 5). */
  maxAttempts?: number;
  /**
   * Milliseconds a run may take (default: the `jobs` module's `timeoutMs`, else none): past it,
   * its `JobContext.signal` aborts and the run counts as a failed attempt, retried as any other.
   */
  timeoutMs?: number;
}

/** What `Cron()` takes besides the expression. */
export interface CronOptions {
  /** The schedule's name, unique among jobs and schedules (default `Class.method`). */
  name?: string;
  /** The IANA time zone the expression is read in (default UTC). */
  timezone?: string;
}

/**
 * Runs the method for each job `name` enqueued; the payload is validated by `schema` when it is
 * enqueued and given to the method first, the job's `JobContext` second.
 * @example @Job('send-welcome', z.object({ userId: z.string() })) send(payload: { userId: string }) {}
 */
export function Job(name: string, schema: ZodType, options: JobOptions = {}): MethodDecorator {
  return (target, key) => {
    metadataRegistry.forMethod(target.constructor, key).set(JOB, { name, schema, ...options });
  };
}

/**
 * Runs the method once per tick of a five-field cron expression, across every instance.
 * @example @Cron('0 3 * * *', { name: 'cleanup-expired' }) cleanup() {}
 */
export function Cron(expression: string, options: CronOptions = {}): MethodDecorator {
  return (target, key) => {
    metadataRegistry.forMethod(target.constructor, key).set(CRON, { expression, ...options });
  };
}
