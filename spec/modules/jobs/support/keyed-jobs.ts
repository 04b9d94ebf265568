import pino from 'pino';
import { z } from 'zod';
import { createApp, Injectable, Job, type JobContext, Jobs } from '../../../../index';
import type { Application } from '../../../../src/app/application';

/** One run of the `keyed` job. */
export interface KeyedRun {
  id: string;
  key: string;
  v: number;
}

/** What the keyed jobs ran in this process, in order. */
export const keyedRuns: KeyedRun[] = [];

/** A job enqueued under a key again and again while workers take it. */
@Injectable()
export class KeyedJobs {
  // A short run, so that a worker takes and finishes jobs while the same keys are enqueued again.
  @Job('keyed', z.object({ key: z.string(), v: z.number() }))
  async run(payload: { key: string; v: number }, job: JobContext) {
    keyedRuns.push({ id: job.id, ...payload });
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** An app on `url` running the keyed jobs (or only enqueueing them, `worker: false`). */
export function keyedApp(
  url: string,
  options: { worker?: boolean; pollIntervalMs?: number; concurrency?: number } = {},
): Application {
  return createApp({ logger: pino({ level: 'silent' }) })
    .install('database', { url })
    .install('jobs', {
      handlers: [KeyedJobs],
      concurrency: options.concurrency ?? 4,
      worker: options.worker,
      pollIntervalMs: options.pollIntervalMs ?? 50,
    });
}

/** Enqueues `perKey` payloads under each of `keys` keys, one after another; the ids answered. */
export async function enqueueKeyed(app: Application, keys: number, perKey: number): Promise<string[]> {
  const jobs = app.container.get<Jobs>(Jobs);
  const ids: string[] = [];
  for (let k = 0; k < keys; k++)
    for (let v = 0; v < perKey; v++) {
      const key = `key-${k}`;
      ids.push((await jobs.enqueue('keyed', { key, v }, { key })).id);
    }
  return ids;
}
