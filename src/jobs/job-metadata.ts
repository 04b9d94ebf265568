import type { ZodType } from 'zod';
import { metadataKey } from '../kernel';

/** What `Job(name, schema, options)` records on a method. */
export interface JobMetadata {
  name: string;
  schema: ZodType;
  maxAttempts?: number;
  timeoutMs?: number;
}

/** What `Cron(expression, options)` records on a method. */
export interface CronMetadata {
  expression: string;
  name?: string;
  timezone?: string;
}

/** The slot of a method that runs a job. */
export const JOB = metadataKey<JobMetadata>('job', { entryPoint: true });
/** The slot of a method that runs on a schedule. */
export const CRON = metadataKey<CronMetadata>('cron', { entryPoint: true });
