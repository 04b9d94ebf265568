// An application with a database, a pending migration and a job, at the DATABASE_URL the spec
// gives: `trellis inspect` must describe it without connecting, migrating or running a job.
import { z } from 'zod';
import { createApp, Injectable, Job } from '../../../index';

@Injectable()
export class Notes {
  @Job('note', z.object({ text: z.string() }))
  note() {}
}

export const app = createApp({})
  .install('database', {
    url: process.env.DATABASE_URL,
    migrations: {
      '0001_pending': { up: (db) => db.schema.createTable('pending').addColumn('id', 'integer').execute() },
    },
  })
  .install('jobs', { handlers: [Notes], pollIntervalMs: 10 });
