import { expect } from 'chai';
import request from 'supertest';
import { Controller, Get, HealthChecks, Inject, Post } from '../../../index';
import { Database, Transactional } from '../../../modules/database';
import { createApp } from '../../../src/app/create-app';
import { forEachEngine } from '../../support/engines';
import { type PostgresServer, startPostgresServer } from '../../support/postgres-server';
import { type Served, serve } from '../../support/serve';
import { SPEC_MIGRATIONS } from './database-fixtures';

// A gate the held route waits at: `started` when it holds its connection, `released` to go on.
const held = gate();

function gate() {
  const state = {} as {
    started: () => void;
    running: Promise<void>;
    release: () => void;
    released: Promise<void>;
  };
  const reset = () => {
    state.running = new Promise<void>((resolve) => (state.started = resolve));
    state.released = new Promise<void>((resolve) => (state.release = resolve));
  };
  reset();
  return Object.assign(state, { reset });
}

@Controller()
class OutageController {
  constructor(
    @Inject(Database) private readonly db: Database,
    private readonly health: HealthChecks,
  ) {}

  @Post('/accounts')
  async open() {
    const name = `a${Math.random().toString(36).slice(2, 10)}`;
    await this.db.insertInto('accounts').values({ name, balance: 0 }).execute();
    return { name };
  }

  @Get('/accounts')
  async list() {
    return this.db.selectFrom('accounts').select('name').execute();
  }

  // Holds its transaction's connection, between two statements, until the spec lets it go on.
  @Transactional()
  @Post('/accounts/held')
  async openHeld() {
    await this.db.insertInto('accounts').values({ name: 'held', balance: 0 }).execute();
    held.started();
    await held.released;
    await this.db.insertInto('accounts').values({ name: 'held-2', balance: 0 }).execute();
    return { name: 'held' };
  }

  @Get('/ready')
  async ready() {
    return (await this.health.readiness()).checks;
  }
}

describe('database: PostgreSQL stopped and restarted', function () {
  this.timeout(60_000);
  let postgres: PostgresServer;
  before(async () => {
    postgres = await startPostgresServer();
  });
  after(() => postgres.close());

  forEachEngine((engine) => {
    let served: Served;
    beforeEach(async () => {
      await postgres.start();
      const app = createApp({ engine, controllers: [OutageController] }).install('database', {
        url: await postgres.createDatabase(),
        migrations: SPEC_MIGRATIONS,
      });
      served = await serve(app);
    });
    afterEach(() => served.close());

    it('answers 503 with Retry-After while it is down, reports not ready, and recovers by itself', async () => {
      const created = await request(served.url).post('/accounts').expect(201);
      await postgres.stop();

      for (const res of [
        await request(served.url).get('/accounts'),
        await request(served.url).post('/accounts'),
        await request(served.url).get('/accounts'),
      ]) {
        expect(res.status).to.equal(503);
        expect(res.headers['retry-after']).to.equal('1');
        expect(res.body.message).to.equal('Service temporarily unavailable, please try again shortly');
      }
      expect((await request(served.url).get('/ready').expect(200)).body.database).to.equal('down');

      await postgres.start();
      let res = await request(served.url).get('/accounts');
      for (let i = 0; i < 50 && res.status !== 200; i++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        res = await request(served.url).get('/accounts');
      }
      expect(res.status).to.equal(200);
      // What was acknowledged before the outage is still there.
      expect(res.body.map((row: { name: string }) => row.name)).to.include(created.body.name);
      await request(served.url).post('/accounts').expect(201);
      expect((await request(served.url).get('/ready').expect(200)).body.database).to.equal('up');
    });

    it('survives the server going away under a transaction that holds a connection, and rolls it back', async () => {
      held.reset();
      const answer = request(served.url)
        .post('/accounts/held')
        .then((res) => res);
      await held.running;
      // The transaction's connection is checked out and idle when its server is shut down.
      await postgres.stop();
      await new Promise((resolve) => setTimeout(resolve, 200));
      held.release();
      const res = await answer;
      expect(res.status).to.equal(503);
      expect(res.headers['retry-after']).to.equal('1');

      await postgres.start();
      let list = await request(served.url).get('/accounts');
      for (let i = 0; i < 50 && list.status !== 200; i++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        list = await request(served.url).get('/accounts');
      }
      expect(list.status).to.equal(200);
      expect(list.body.map((row: { name: string }) => row.name)).to.not.include('held');
    });
  });
});
