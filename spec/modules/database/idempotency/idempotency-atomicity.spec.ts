import { expect } from 'chai';
import request from 'supertest';
import { z } from 'zod';
import { Body, Controller, Get, Inject, Post } from '../../../../index';
import {
  Database,
  type IdempotencyClaim,
  IdempotencyStore,
  Idempotent,
  type StoredAnswer,
} from '../../../../modules/database';
import type { Application } from '../../../../src/app/application';
import { createApp } from '../../../../src/app/create-app';
import type { EngineName } from '../../../../src/engine/engine';
import { capturingLogger } from '../../../support/capturing-logger';
import { forEachDatabase } from '../../../support/databases';
import { forEachEngine } from '../../../support/engines';
import { type PostgresServer, startPostgresServer } from '../../../support/postgres-server';
import { type Served, serve } from '../../../support/serve';
import { ITEMS_MIGRATIONS } from '../database-fixtures';

const NewItem = z.object({ name: z.string().min(1) });
const LOCK_MS = 300;

// What the handler does after its insert: `wait` holds it there, `fail` makes it throw.
const handler = { wait: undefined as Promise<void> | undefined, reached: () => {}, fail: false };

@Controller('/items')
class ItemsController {
  constructor(@Inject(Database) private readonly db: Database) {}

  @Post()
  @Idempotent({ lockMs: LOCK_MS })
  async create(@Body(NewItem) item: z.infer<typeof NewItem>) {
    const id = `${item.name}-${Math.random().toString(36).slice(2, 10)}`;
    await this.db.insertInto('items').values({ id, name: item.name }).execute();
    handler.reached();
    if (handler.wait) await handler.wait;
    if (handler.fail) throw new Error('the handler failed after its write');
    // A second statement: it fails when the database went away meanwhile.
    await this.db.selectFrom('items').select('id').where('id', '=', id).executeTakeFirst();
    return { id, name: item.name };
  }

  @Get()
  async list() {
    return this.db.selectFrom('items').select(['id', 'name']).execute();
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function holdAfterInsert(): { reached: Promise<void>; release: () => void } {
  let release!: () => void;
  handler.wait = new Promise<void>((resolve) => (release = resolve));
  const reached = new Promise<void>((resolve) => (handler.reached = resolve));
  return { reached, release };
}

function reset(): void {
  handler.wait = undefined;
  handler.reached = () => {};
  handler.fail = false;
}

const appOn = (engine: EngineName, url: string, store?: IdempotencyStore): Application =>
  createApp({ engine, controllers: [ItemsController], logger: capturingLogger().logger }).install(
    'database',
    {
      url,
      migrations: ITEMS_MIGRATIONS,
      idempotencyStore: store,
    },
  );

const post = (served: Served, key: string) =>
  request(served.url).post('/items').set('Idempotency-Key', key).send({ name: 'a' });
const count = async (served: Served) => (await request(served.url).get('/items').expect(200)).body.length;

// Retries as a client would on 409 and 5xx, until an answer that says the request was done.
async function retryUntilDone(served: Served, key: string): Promise<request.Response> {
  let res = await post(served, key);
  for (let i = 0; i < 100 && (res.status === 409 || res.status >= 500); i++) {
    await sleep(100);
    res = await post(served, key);
  }
  return res;
}

describe('database: Idempotent() atomic with the data', function () {
  this.timeout(60_000);

  forEachDatabase((database) => {
    forEachEngine((engine) => {
      let served: Served;
      let url: string;
      beforeEach(async () => {
        reset();
        url = await database.url();
        served = await serve(appOn(engine, url));
      });
      afterEach(() => served.close());

      // SQLite's one connection is not held for a whole handler: its answer follows the commit.
      if (database.name === 'postgres')
        it('a handler that fails after its write leaves neither the write nor the key: the retry runs once', async () => {
          handler.fail = true;
          await post(served, 'k1').expect(500);
          expect(await count(served)).to.equal(0);
          handler.fail = false;
          const retry = await post(served, 'k1').expect(201);
          expect(retry.headers['idempotent-replayed']).to.equal(undefined);
          await post(served, 'k1').expect(201).expect('Idempotent-Replayed', 'true');
          expect(await count(served)).to.equal(1);
        });

      it('a handler slower than the lock is never run twice: a retry long past the lock still gets 409', async () => {
        const held = holdAfterInsert();
        const first = post(served, 'slow').then((res) => res);
        await held.reached;
        await sleep(LOCK_MS * 3);
        // Other requests go on meanwhile; PostgreSQL does not show the uncommitted row yet.
        expect(await count(served)).to.equal(database.name === 'postgres' ? 0 : 1);
        const retry = await post(served, 'slow');
        expect(retry.status).to.equal(409);
        expect(retry.headers['retry-after']).to.equal('1');
        held.release();
        expect((await first).status).to.equal(201);
        expect((await post(served, 'slow')).headers['idempotent-replayed']).to.equal('true');
        expect(await count(served)).to.equal(1);
      });

      it('fails closed when its store cannot be reached: 503 with Retry-After, and the handler does not run', async () => {
        await served.close();
        served = await serve(appOn(engine, url, new UnreachableStore()));
        const res = await post(served, 'k1');
        expect(res.status).to.equal(503);
        expect(res.headers['retry-after']).to.equal('1');
        expect(res.body.message).to.equal('Service temporarily unavailable, please try again shortly');
        expect(await count(served)).to.equal(0);
      });
    });
  });

  describe('on postgres, two instances sharing the database', () => {
    let postgres: PostgresServer;
    before(async () => {
      postgres = await startPostgresServer();
    });
    after(() => postgres.close());

    forEachEngine((engine) => {
      let one: Served;
      let two: Served;
      beforeEach(async () => {
        reset();
        await postgres.start();
        const url = await postgres.createDatabase();
        one = await serve(appOn(engine, url));
        two = await serve(appOn(engine, url));
      });
      afterEach(async () => {
        await postgres.start();
        await one.close();
        await two.close();
      });

      it('renews the claim of a slow handler: the other instance answers 409 long past the lock', async () => {
        const held = holdAfterInsert();
        const first = post(one, 'slow').then((res) => res);
        await held.reached;
        for (let i = 0; i < 4; i++) {
          await sleep(LOCK_MS);
          expect((await post(two, 'slow')).status).to.equal(409);
        }
        held.release();
        expect((await first).status).to.equal(201);
        await post(two, 'slow').expect(201).expect('Idempotent-Replayed', 'true');
        expect(await count(one)).to.equal(1);
      });

      it('creates exactly one row when PostgreSQL is stopped mid-request and restarted, and the key is retried', async () => {
        const held = holdAfterInsert();
        const first = post(one, 'kill').then((res) => res);
        await held.reached;
        await postgres.stop();
        held.release();
        const failed = await first;
        expect(failed.status).to.equal(503);
        expect(failed.headers['retry-after']).to.equal('1');
        handler.wait = undefined;
        await sleep(1000);
        await postgres.start();
        const retried = await retryUntilDone(two, 'kill');
        expect(retried.status).to.equal(201);
        expect(await count(one)).to.equal(1);
        await post(one, 'kill').expect(201).expect('Idempotent-Replayed', 'true');
        expect(await count(one)).to.equal(1);
      });
    });
  });
});

/** A store whose server is gone: every call fails. */
class UnreachableStore extends IdempotencyStore {
  override begin(): Promise<IdempotencyClaim> {
    return Promise.reject(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:6379'), { code: 'X' }));
  }
  override complete(_key: string, _fingerprint: string, _answer: StoredAnswer): Promise<void> {
    return Promise.reject(new Error('unreachable'));
  }
  override release(): Promise<void> {
    return Promise.reject(new Error('unreachable'));
  }
}
