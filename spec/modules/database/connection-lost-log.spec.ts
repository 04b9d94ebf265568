import { expect } from 'chai';
import { Database } from '../../../modules/database';
import { createApp } from '../../../src/app/create-app';
import { capturingLogger } from '../../support/capturing-logger';
import { DATABASES, sharedPostgres } from '../../support/databases';

async function until(check: () => boolean, what: string): Promise<void> {
  for (let tries = 0; tries < 200; tries++) {
    if (check()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`never happened: ${what}`);
}

describe('database: a lost PostgreSQL connection is logged in one short line', function () {
  this.timeout(30_000);
  if (!DATABASES.includes('postgres')) return;

  it('logs the message and the code of an idle connection the server ended, not the pg client', async () => {
    const server = await sharedPostgres();
    const url = await server.createDatabase();
    const { logger, lines } = capturingLogger();
    const app = createApp({ logger }).install('database', { url });
    await app.ready();
    const db = app.container.get<Database<any>>(Database);
    await db.selectNoFrom((eb) => eb.val(1).as('one')).execute();
    // A second app ends the first one's idle connection, as a server restart or a proxy would.
    const admin = createApp({ logger: capturingLogger().logger }).install('database', { url: server.url });
    await admin.ready();
    await admin.container
      .get<Database<any>>(Database)
      .selectFrom('pg_stat_activity')
      .select((eb) => eb.fn('pg_terminate_backend', ['pid']).as('ended'))
      .where('datname', '=', new URL(url).pathname.slice(1))
      .execute();
    await admin.close();
    await until(() => lines.some((line) => line.msg === 'database: idle connection lost'), 'the log line');
    const line = lines.find((entry) => entry.msg === 'database: idle connection lost')!;
    expect(line.level).to.equal(40);
    expect(line.code).to.equal('57P01');
    expect(line.error).to.match(/terminat/);
    expect(Object.keys(line).sort()).to.deep.equal([
      'code',
      'error',
      'hostname',
      'level',
      'msg',
      'pid',
      'time',
    ]);
    expect(JSON.stringify(line).length).to.be.lessThan(400);
    await app.close();
  });
});
