import { type Kysely, sql } from 'kysely';
import pino from 'pino';
import { z } from 'zod';
import { Database } from '../../../../modules/database';
import '../../../../modules/jobs';
import type { Application } from '../../../../src/app/application';
import { createApp } from '../../../../src/app/create-app';
import { Injectable } from '../../../../src/decorators/injectable';
import type { JobContext } from '../../../../src/jobs';
import { Job } from '../../../../src/jobs';
import type { SpecDatabase } from '../../../support/databases';

/** What the spec jobs did, in order. */
export const runs: { name: string; payload: unknown; attempt: number; id: string }[] = [];

/** How the `flaky` job behaves: it fails while `failures` is above zero. */
export const behaviour = { failures: 0, hold: undefined as Promise<void> | undefined };

/** The spec's jobs: one that records, one that fails on demand, one that waits to be let go. */
@Injectable()
export class SpecJobs {
  @Job('record', z.object({ n: z.number() }))
  record(payload: { n: number }, job: JobContext) {
    runs.push({ name: job.name, payload, attempt: job.attempt, id: job.id });
  }

  @Job('flaky', z.object({ n: z.number() }), { maxAttempts: 2 })
  flaky(payload: { n: number }, job: JobContext) {
    runs.push({ name: job.name, payload, attempt: job.attempt, id: job.id });
    if (behaviour.failures > 0) {
      behaviour.failures--;
      throw new Error(`flaky failed on attempt ${job.attempt}`);
    }
  }

  @Job('held', z.object({}))
  async held(_payload: object, job: JobContext) {
    runs.push({ name: job.name, payload: {}, attempt: job.attempt, id: job.id });
    await behaviour.hold;
  }
}

/** An app on `url` with the spec's jobs, polling fast so that retries made due are seen at once. */
export function jobsApp(
  url: string,
  options: {
    worker?: boolean;
    metrics?: boolean;
    tracing?: boolean;
    handlers?: Function[];
    lockTimeoutMs?: number;
  } = {},
) {
  return createApp({ logger: pino({ level: 'silent' }), metrics: options.metrics, tracing: options.tracing })
    .install('database', { url })
    .install('jobs', {
      handlers: (options.handlers as never) ?? [SpecJobs],
      worker: options.worker,
      pollIntervalMs: 50,
      lockTimeoutMs: options.lockTimeoutMs,
    });
}

/** Moves a waiting job's `runAt` to now, as if its retry delay had passed. */
export async function makeDue(app: Application, database: SpecDatabase, id: string): Promise<void> {
  const db = app.container.get<Kysely<any>>(Database);
  if (database.name === 'sqlite')
    await sql`UPDATE trellis_jobs SET run_at = 0 WHERE id = ${Number(id)}`.execute(db);
  else
    await sql`UPDATE graphile_worker._private_jobs SET run_at = now() WHERE id = ${id}::bigint`.execute(db);
}

/** How many jobs the backend holds (waiting, running or failed). */
export async function storedJobs(app: Application, database: SpecDatabase): Promise<number> {
  const db = app.container.get<Kysely<any>>(Database);
  const table = database.name === 'sqlite' ? 'trellis_jobs' : 'graphile_worker._private_jobs';
  const { rows } = await sql<{ n: string }>`SELECT count(*) AS n FROM ${sql.raw(table)}`.execute(db);
  return Number(rows[0]!.n);
}
