import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { type Kysely, sql } from 'kysely';
import pino from 'pino';
import { z } from 'zod';
import { Controller, HttpCode, Inject, Injectable, Jobs, Param, Post } from '../../../index';
import { Database, type SqliteDriver, Transactional } from '../../../modules/database';
import '../../../modules/jobs';
import type { Application } from '../../../src/app/application';
import { createApp } from '../../../src/app/create-app';
import { Job } from '../../../src/jobs';
import { drainJobs } from '../../../testing';

const DRIVERS: SqliteDriver[] = ['node:sqlite', 'better-sqlite3'];
const ran: number[] = [];

@Controller('/notes')
class NotesController {
  constructor(@Inject(Database) private readonly db: Kysely<any>) {}

  @Post('/:text')
  @HttpCode(201)
  async add(@Param('text') text: string) {
    await this.db.insertInto('notes').values({ text }).execute();
    return { text };
  }

  @Post('/:text/then-fail')
  @Transactional()
  async addThenFail(@Param('text') text: string) {
    await this.db.insertInto('notes').values({ text }).execute();
    throw new Error('after the write');
  }

  // Rows large enough to need new pages.
  @Post('/bulk/:count')
  async bulk(@Param('count', z.coerce.number().int()) count: number) {
    for (let i = 0; i < count; i++)
      await this.db
        .insertInto('notes')
        .values({ text: `${i}:${'x'.repeat(2000)}` })
        .execute();
    return { count };
  }

  @Post('/fault/full')
  async fill() {
    const { rows } = await sql<{ page_count: number }>`PRAGMA page_count`.execute(this.db);
    await sql.raw(`PRAGMA max_page_count = ${rows[0]!.page_count}`).execute(this.db);
    return {};
  }
}

@Injectable()
class Recorder {
  @Job('record', z.object({ n: z.number() }))
  record(payload: { n: number }) {
    ran.push(payload.n);
  }
}

const MIGRATIONS = {
  '001_notes': {
    up: (db: Kysely<any>) =>
      db.schema
        .createTable('notes')
        .addColumn('id', 'integer', (column) => column.primaryKey())
        .addColumn('text', 'text', (column) => column.unique())
        .addColumn('bytes', 'blob')
        .execute(),
  },
};

// Holds the file's write lock from another process for `ms`, as a second instance would.
function lockFromAnotherProcess(file: string, ms: number): Promise<{ released: Promise<void> }> {
  const script = `
    const db = new (require('node:sqlite').DatabaseSync)(${JSON.stringify(file)});
    db.exec('BEGIN IMMEDIATE');
    process.stdout.write('locked\\n');
    setTimeout(() => { db.exec('COMMIT'); db.close(); }, ${ms});`;
  const child = spawn(process.execPath, ['--no-warnings', '-e', script], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const released = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    child.stdout.once('data', () => resolve({ released }));
    child.once('exit', (code) => reject(new Error(`the locking process exited (${code}) before it locked`)));
  });
}

describe('database: the SQLite drivers (node:sqlite, the default, and better-sqlite3)', function () {
  this.timeout(20_000);

  for (const driver of DRIVERS) {
    describe(`through ${driver}`, () => {
      let folder: string;
      let file: string;
      let app: Application;
      let db: Kysely<any>;

      beforeEach(async () => {
        ran.length = 0;
        folder = mkdtempSync(join(tmpdir(), 'trellis-driver-'));
        file = join(folder, 'app.db');
        app = createApp({ controllers: [NotesController], logger: pino({ level: 'silent' }) })
          .install('database', { url: `sqlite:${file}`, driver, migrations: MIGRATIONS })
          .install('jobs', { handlers: [Recorder], pollIntervalMs: 50 });
        await app.start();
        db = app.container.get<Kysely<any>>(Database);
      });

      afterEach(async () => {
        await app.close();
        rmSync(folder, { recursive: true, force: true });
      });

      it('reads rows as plain objects, BLOBs as Buffers, and names a UNIQUE violation as better-sqlite3 does', async () => {
        await db
          .insertInto('notes')
          .values({ text: 'a', bytes: Buffer.from('hi') })
          .execute();
        const [row] = await db.selectFrom('notes').selectAll().execute();
        expect(Object.getPrototypeOf(row)).to.equal(Object.prototype);
        expect(row).to.deep.equal({ id: 1, text: 'a', bytes: Buffer.from('hi') });
        expect(Buffer.isBuffer(row.bytes)).to.equal(true);
        const refused = await db
          .insertInto('notes')
          .values({ text: 'a' })
          .execute()
          .catch((err: { code?: string }) => err.code);
        expect(refused).to.equal('SQLITE_CONSTRAINT_UNIQUE');
      });

      it('commits a transaction, rolls back to a savepoint inside it, and Transactional() rolls back on a throw', async () => {
        const trx = await db.startTransaction().execute();
        await trx.insertInto('notes').values({ text: 'kept' }).execute();
        const inner = await trx.savepoint('inner').execute();
        await inner.insertInto('notes').values({ text: 'undone' }).execute();
        await inner.rollbackToSavepoint('inner').execute();
        await trx.commit().execute();

        const failed = await app.inject({ method: 'POST', url: '/notes/lost/then-fail' });
        expect(failed.statusCode).to.equal(500);
        const texts = (await db.selectFrom('notes').select('text').execute()).map((row) => row.text);
        expect(texts).to.deep.equal(['kept']);
      });

      it("claims and runs a job in BEGIN IMMEDIATE on the application's file", async () => {
        await app.container.get<Jobs>(Jobs).enqueue('record', { n: 7 });
        await drainJobs(app);
        expect(ran).to.deep.equal([7]);
      });

      it('answers 503 with Retry-After on a storage fault (a full database), not 500', async () => {
        expect((await app.inject({ method: 'POST', url: '/notes/fault/full' })).statusCode).to.equal(201);
        const answer = await app.inject({ method: 'POST', url: '/notes/bulk/20' });
        expect(answer.statusCode).to.equal(503);
        expect(answer.headers['retry-after']).to.equal('1');
      });

      it("waits for another process's write lock (the busy timeout) instead of failing at once", async () => {
        const lock = await lockFromAnotherProcess(file, 300);
        const answer = await app.inject({ method: 'POST', url: '/notes/after-the-lock' });
        await lock.released;
        expect(answer.statusCode).to.equal(201);
        expect(await db.selectFrom('notes').select('text').execute()).to.deep.equal([
          { text: 'after-the-lock' },
        ]);
      });
    });
  }
});
