import { expect } from 'chai';
import { sql } from 'kysely';
import pg from 'pg';
import { Jobs } from '../../../index';
import { Database } from '../../../modules/database';
import { DATABASES, sharedPostgres } from '../../support/databases';
import { jobsApp } from './support/job-fixtures';

type Query = (this: pg.Client, ...args: unknown[]) => unknown;

// Records the text of every statement sent by any pg client of this process while `work` runs.
async function statementsOf(work: () => Promise<void>): Promise<string[]> {
  const texts: string[] = [];
  const proto = pg.Client.prototype as unknown as { query: Query };
  const query = proto.query;
  proto.query = function (this: pg.Client, ...args: unknown[]) {
    const [first] = args;
    texts.push(typeof first === 'string' ? first : String((first as { text?: string })?.text ?? ''));
    return query.apply(this, args);
  };
  try {
    await work();
  } finally {
    proto.query = query;
  }
  return texts;
}

const WRITE_TO_PRIVATE = /\b(insert\s+into|update|delete\s+from)\s+graphile_worker\._private_/i;

describe('jobs module on PostgreSQL: graphile-worker through its public SQL', function () {
  this.timeout(30_000);
  if (!DATABASES.includes('postgres')) return;

  it('get, failed, retry, cancel, busy and waiting read its jobs view and write through its functions only', async () => {
    const url = await (await sharedPostgres()).createDatabase();
    // No worker: the statements seen are the application's own, not graphile-worker's runner's.
    const app = jobsApp(url, { worker: false });
    await app.start();
    try {
      const jobs = app.container.get<Jobs>(Jobs);
      const waiting = await jobs.enqueue('record', { n: 1 }, { delayMs: 60_000 });
      const failing = await jobs.enqueue('record', { n: 2 }, { delayMs: 60_000 });
      await sql`SELECT graphile_worker.permanently_fail_jobs(ARRAY[${failing.id}::bigint], 'it broke')`.execute(
        app.container.get<Database<any>>(Database),
      );

      const statements = await statementsOf(async () => {
        expect(await jobs.get(waiting.id)).to.include({ state: 'waiting', attempts: 0 });
        expect(await jobs.get(failing.id)).to.include({ state: 'failed', lastError: 'it broke' });
        expect((await jobs.failed()).map((job) => job.id)).to.deep.equal([failing.id]);
        expect(await jobs.retry(failing.id)).to.equal(true);
        expect(await jobs.get(failing.id)).to.include({ state: 'waiting', attempts: 0 });
        expect(await jobs.retry(failing.id)).to.equal(false);
        expect(await jobs.cancel(waiting.id)).to.equal(true);
        expect(await jobs.get(waiting.id)).to.equal(null);
      });
      expect(statements.length).to.be.greaterThan(0);
      expect(statements.filter((text) => WRITE_TO_PRIVATE.test(text))).to.deep.equal([]);
      // The state (locks, attempts, error) from the view; the view has no payload column.
      expect(statements.some((text) => /\bfrom\s+graphile_worker\.jobs\b/i.test(text))).to.equal(true);
      expect(statements.some((text) => /graphile_worker\.reschedule_jobs\(/i.test(text))).to.equal(true);
    } finally {
      await app.close();
    }
  });
});
