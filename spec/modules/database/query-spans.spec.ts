import { SpanStatusCode } from '@opentelemetry/api';
import { expect } from 'chai';
import { sql } from 'kysely';
import { Database } from '../../../modules/database';
import { createApp } from '../../../src/app/create-app';
import { recordSpans } from '../../support/recorded-spans';

describe('database module: query spans', () => {
  const exporter = recordSpans();

  it('records one span per query with its text, and marks a failed query as an error', async () => {
    const app = createApp({ tracing: true }).install('database', {});
    await app.ready();
    const db = app.container.get<Database>(Database);
    await sql`SELECT 1 AS one`.execute(db);
    await sql`SELECT * FROM nowhere`.execute(db).catch(() => {});
    await app.close();

    const spans = exporter.getFinishedSpans().filter((span) => span.name === 'db sqlite');
    const ok = spans.find((span) => span.attributes['db.query.text'] === 'SELECT 1 AS one');
    const failed = spans.find((span) => span.attributes['db.query.text'] === 'SELECT * FROM nowhere');
    expect(ok?.attributes['db.system']).to.equal('sqlite');
    expect(ok?.status.code).to.not.equal(SpanStatusCode.ERROR);
    expect(failed?.status.code).to.equal(SpanStatusCode.ERROR);
  });

  it('records no span when tracing is off', async () => {
    const app = createApp({}).install('database', {});
    await app.ready();
    await sql`SELECT 2 AS two`.execute(app.container.get<Database>(Database));
    await app.close();
    expect(exporter.getFinishedSpans().filter((span) => span.name.startsWith('db '))).to.deep.equal([]);
  });
});
