import { expect } from 'chai';
import { sql } from 'kysely';
import request from 'supertest';
import {
  Controller,
  Get,
  HealthChecks,
  Inject,
  Param,
  Post,
  ServiceUnavailableException,
} from '../../../index';
import { Database, Transactional } from '../../../modules/database';
import { createApp } from '../../../src/app/create-app';
import { capturingLogger } from '../../support/capturing-logger';
import { DATABASES, forEachDatabase, type SpecDatabase } from '../../support/databases';
import { forEachEngine } from '../../support/engines';
import { type Served, serve } from '../../support/serve';

@Controller('/notes')
class NotesController {
  constructor(@Inject(Database) private readonly db: Database) {}

  @Post()
  async add() {
    await this.db
      .insertInto('notes')
      .values({ text: 'x'.repeat(2000) })
      .execute();
    return { added: 1 };
  }

  // Enough rows in one transaction to need new pages.
  @Post('/many')
  @Transactional()
  async addMany() {
    for (let i = 0; i < 50; i++)
      await this.db
        .insertInto('notes')
        .values({ text: 'x'.repeat(2000) })
        .execute();
    return { added: 50 };
  }

  // The storage faults, forced on the application's own connection.
  @Post('/fault/:kind')
  async fault(@Param('kind') kind: string) {
    if (kind === 'full') {
      const { rows } = await sql<{ page_count: number }>`PRAGMA page_count`.execute(this.db);
      await sql.raw(`PRAGMA max_page_count = ${rows[0].page_count}`).execute(this.db);
    } else if (kind === 'readonly') await sql`PRAGMA query_only = ON`.execute(this.db);
    else {
      await sql`PRAGMA query_only = OFF`.execute(this.db);
      await sql`PRAGMA max_page_count = 1073741823`.execute(this.db);
    }
    return { kind };
  }
}

@Controller('/health')
class HealthController {
  constructor(private readonly health: HealthChecks) {}

  @Get('/ready')
  async ready() {
    const report = await this.health.readiness();
    if (!report.ready) throw new ServiceUnavailableException('Not ready');
    return report;
  }
}

const MIGRATIONS = {
  '001_notes': {
    up: (db: Database) => db.schema.createTable('notes').addColumn('text', 'text').execute(),
  },
};

function sqliteOnly(define: (database: SpecDatabase) => void): void {
  forEachDatabase((database) => {
    if (database.name === 'sqlite') define(database);
  });
}

describe('database: SQLite storage faults', () => {
  if (!DATABASES.includes('sqlite')) return;
  sqliteOnly((database) => {
    forEachEngine((engine) => {
      let served: Served;
      let lines: Record<string, any>[];
      beforeEach(async () => {
        const captured = capturingLogger('debug');
        lines = captured.lines;
        const app = createApp({
          engine,
          controllers: [NotesController, HealthController],
          logger: captured.logger,
        }).install('database', { url: await database.url(), migrations: MIGRATIONS });
        served = await serve(app);
      });
      afterEach(() => served.close());

      const expect503 = (res: request.Response) => {
        expect(res.status).to.equal(503);
        expect(res.headers['retry-after']).to.equal('1');
        expect(res.body.message).to.equal('Service temporarily unavailable, please try again shortly');
      };

      for (const [kind, code, route] of [
        ['full', 'SQLITE_FULL', '/notes/many'],
        ['full', 'SQLITE_FULL', '/notes'],
        ['readonly', 'SQLITE_READONLY', '/notes'],
        ['readonly', 'SQLITE_READONLY', '/notes/many'],
      ] as const) {
        it(`answers 503 with Retry-After on ${code} (POST ${route}), is not ready until a write succeeds, and logs ${code}`, async () => {
          await request(served.url).post('/notes').expect(201);
          await request(served.url).get('/health/ready').expect(200);
          await request(served.url).post(`/notes/fault/${kind}`).expect(201);
          // A full file still takes rows in the space its last page has left: fill it.
          let res = await request(served.url).post(route);
          for (let i = 0; i < 20 && res.status === 201; i++) res = await request(served.url).post(route);
          expect503(res);
          const ready = await request(served.url).get('/health/ready');
          expect(ready.status).to.equal(503);
          const logged = lines.filter((line) => line.err?.code === code);
          expect(logged, JSON.stringify(lines.map((line) => line.msg))).to.have.length.greaterThan(0);
          expect(JSON.stringify(lines)).to.not.include('cannot rollback');

          await request(served.url).post('/notes/fault/clear').expect(201);
          await request(served.url).get('/health/ready').expect(200);
          await request(served.url).post(route).expect(201);
        });
      }
    });
  });
});
