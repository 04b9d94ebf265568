import { expect } from 'chai';
import request from 'supertest';
import { Body, Controller, Inject, Post } from '../../../../index';
import { Database, Idempotent, RedisIdempotencyStore } from '../../../../modules/database';
import { createApp } from '../../../../src/app/create-app';
import { sharedRedis } from '../../../src/redis/redis-spec-helpers';
import { forEachEngine } from '../../../support/engines';
import { serve } from '../../../support/serve';

@Controller('/items')
class ItemsController {
  constructor(@Inject(Database) private readonly db: Database) {}

  @Post()
  @Idempotent()
  async create(@Body() body: { name: string }) {
    await this.db.insertInto('items').values({ name: body.name }).execute();
    return { name: body.name };
  }
}

const MIGRATIONS = {
  '001_items': {
    up: (db: Database) => db.schema.createTable('items').addColumn('name', 'varchar(64)').execute(),
  },
};

describe('database: RedisIdempotencyStore', () => {
  // Two connections stand for two instances sharing one Redis.
  const redis = sharedRedis();
  let one: RedisIdempotencyStore;
  let two: RedisIdempotencyStore;
  beforeEach(() => {
    one = new RedisIdempotencyStore(redis.one);
    two = new RedisIdempotencyStore(redis.two);
  });
  const answer = { status: 201, body: '{"id":1}', headers: { location: '/items/1' } };

  it('lets one instance claim a key; the other sees it running, then done with its answer', async () => {
    expect((await one.begin('k', 'f1', 60_000)).state).to.equal('claimed');
    expect(await two.begin('k', 'f1', 60_000)).to.deep.equal({ state: 'running', fingerprint: 'f1' });
    await one.complete('k', 'f1', answer, 60_000);
    expect(await two.begin('k', 'f2', 60_000)).to.deep.equal({ state: 'done', fingerprint: 'f1', answer });
  });

  it('of racing claims on one key exactly one wins', async () => {
    const claims = await Promise.all(
      Array.from({ length: 20 }, (_, i) => (i % 2 ? one : two).begin('k', 'f', 60_000)),
    );
    expect(claims.filter((claim) => claim.state === 'claimed')).to.have.length(1);
  });

  it('gives a released key, or one whose time is up, to the next request', async () => {
    await one.begin('k', 'f', 60_000);
    await one.release('k');
    expect((await two.begin('k', 'f', 50)).state).to.equal('claimed');
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect((await one.begin('k', 'f', 60_000)).state).to.equal('claimed');
  });

  forEachEngine((engine) => {
    it('serves Idempotent() for two instances: a repeat on the other instance is replayed', async () => {
      const apps = [redis.one, redis.two].map((client) =>
        createApp({ engine, controllers: [ItemsController] }).install('database', {
          migrations: MIGRATIONS,
          idempotencyStore: new RedisIdempotencyStore(client),
        }),
      );
      const [a, b] = await Promise.all(apps.map((app) => serve(app)));
      try {
        const first = await request(a.url)
          .post('/items')
          .set('Idempotency-Key', 'k1')
          .send({ name: 'x' })
          .expect(201);
        const again = await request(b.url)
          .post('/items')
          .set('Idempotency-Key', 'k1')
          .send({ name: 'x' })
          .expect(201);
        expect(again.body).to.deep.equal(first.body);
        expect(again.headers['idempotent-replayed']).to.equal('true');
        await request(b.url).post('/items').set('Idempotency-Key', 'k1').send({ name: 'y' }).expect(422);
      } finally {
        await Promise.all([a.close(), b.close()]);
      }
    });
  });
});
