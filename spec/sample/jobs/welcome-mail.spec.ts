import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { sql } from 'kysely';
import request from 'supertest';
import { Database } from '../../../index';
import { DatabaseConnection } from '../../../modules/database';
import { drainJobs } from '../../../testing';
import { forEachDatabase } from '../../support/databases';
import { forEachEngine } from '../../support/engines';
import { type SampleServer, startSample } from '../support/sample-server';

function mails(file: string): { to: string; subject: string; userId: string; at: string }[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));
}

describe('sample: the welcome message', function () {
  this.timeout(60_000);

  forEachDatabase((database) => {
    forEachEngine((engine) => {
      let sample: SampleServer;
      let mailLog: string;
      beforeEach(async () => {
        mailLog = join(mkdtempSync(join(tmpdir(), 'trellis-mail-')), 'mail.log');
        const url: Record<string, string> =
          database.name === 'postgres' ? { DATABASE_URL: await database.url() } : {};
        sample = await startSample(engine, { MAIL_LOG_FILE: mailLog, ...url });
      });
      afterEach(() => sample.close());

      it('sends one message after POST /auth/register, in Spanish, to the new user', async () => {
        const res = await request(sample.url)
          .post('/auth/register')
          .send({ username: 'newcomer', email: 'newcomer@example.com', password: 'secret-1' })
          .expect(201);
        await drainJobs(sample.app);
        const sent = mails(mailLog);
        expect(sent).to.have.length(1);
        expect(sent[0]).to.include({ to: 'newcomer@example.com', userId: String(res.body.user.id) });
        expect(sent[0]!.subject).to.match(/^Bienvenido/);
      });

      it('sends one after POST /users, and none for a registration that fails', async () => {
        const token = await sample.token('manager');
        await request(sample.url)
          .post('/users')
          .auth(token, { type: 'bearer' })
          .send({ username: 'dev2', email: 'dev2@example.com', password: 'secret-12', role: 'developer' })
          .expect(201);
        await request(sample.url)
          .post('/auth/register')
          .send({ username: 'dev2', email: 'other@example.com', password: 'secret-1' })
          .expect(409);
        await drainJobs(sample.app);
        expect(mails(mailLog).map((mail) => mail.to)).to.deep.equal(['dev2@example.com']);
      });
    });
  });
});

describe('sample: the cleanup-expired schedule', function () {
  this.timeout(60_000);

  forEachDatabase((database) => {
    it('deletes expired idempotency keys and sessions and keeps the live ones', async () => {
      const url: Record<string, string> =
        database.name === 'postgres' ? { DATABASE_URL: await database.url() } : {};
      const sample = await startSample('express', url);
      try {
        const db = sample.app.container.get<Database>(Database);
        const now = Date.now();
        await sql`INSERT INTO trellis_auth_sessions (session_id, user_id, refresh_jti, expires_at)
          VALUES ('old', '1', 'a', ${now - 1000}), ('live', '1', 'b', ${now + 3_600_000})`.execute(db);
        await sql`INSERT INTO trellis_idempotency_keys (key, fingerprint, expires_at)
          VALUES ('old', 'f', ${now - 1000}), ('live', 'f', ${now + 3_600_000})`.execute(db);
        // A tick of the schedule comes due, as the schedule's claim would store it. The sample's
        // own database decides (SAMPLE_DATABASE=postgres runs its "sqlite" configuration there too).
        if (sample.app.container.get(DatabaseConnection).dialect === 'sqlite')
          await sql`INSERT INTO trellis_jobs (name, payload, run_at, max_attempts)
            VALUES ('cleanup-expired', 'null', 0, 5)`.execute(db);
        else await sql`SELECT graphile_worker.add_job('cleanup-expired', '{}'::json)`.execute(db);
        await drainJobs(sample.app);
        const sessions = await sql<{ id: string }>`SELECT session_id AS id FROM trellis_auth_sessions
          WHERE session_id IN ('old', 'live')`.execute(db);
        const keys = await sql<{ key: string }>`SELECT key FROM trellis_idempotency_keys`.execute(db);
        expect(sessions.rows.map((row) => row.id)).to.deep.equal(['live']);
        expect(keys.rows.map((row) => row.key)).to.deep.equal(['live']);
      } finally {
        await sample.close();
      }
    });
  });
});
