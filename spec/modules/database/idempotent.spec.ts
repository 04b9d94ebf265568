import { expect } from 'chai';
import request from 'supertest';
import { z } from 'zod';
import { Body, Controller, Get, Inject, Post } from '../../../index';
import { Database, Idempotent } from '../../../modules/database';
import { createApp } from '../../../src/app/create-app';
import { forEachDatabase } from '../../support/databases';
import { forEachEngine } from '../../support/engines';
import { type Served, serve } from '../../support/serve';
import { ITEMS_MIGRATIONS } from './database-fixtures';

const NewItem = z.object({ name: z.string().min(1) });

/** Lets a spec hold the handler mid-run. */
const gate = { wait: undefined as Promise<void> | undefined };

@Controller('/items')
class ItemsController {
  constructor(@Inject(Database) private readonly db: Database) {}

  @Post()
  @Idempotent()
  async create(@Body(NewItem) item: z.infer<typeof NewItem>) {
    if (gate.wait) await gate.wait;
    const id = `${item.name}-${Math.random().toString(36).slice(2, 10)}`;
    await this.db.insertInto('items').values({ id, name: item.name }).execute();
    return { id, name: item.name };
  }

  @Get()
  async list() {
    return this.db.selectFrom('items').select(['id', 'name']).execute();
  }
}

describe('database: Idempotent()', () => {
  forEachDatabase((database) => {
    forEachEngine((engine) => {
      let url: string;
      let served: Served;
      const start = async () => {
        const app = createApp({ engine, controllers: [ItemsController], trustProxy: true }).install(
          'database',
          {
            url,
            migrations: ITEMS_MIGRATIONS,
          },
        );
        served = await serve(app);
      };
      beforeEach(async () => {
        url = await database.url();
        gate.wait = undefined;
        await start();
      });
      afterEach(() => served.close());

      const post = (body: object, key?: string) => {
        const req = request(served.url).post('/items').send(body);
        return key === undefined ? req : req.set('Idempotency-Key', key);
      };
      const count = async () => (await request(served.url).get('/items').expect(200)).body.length;

      it('without the header, every request runs', async () => {
        await post({ name: 'a' }).expect(201);
        await post({ name: 'a' }).expect(201);
        expect(await count()).to.equal(2);
      });

      it('replays the first answer for the same key and body, without running the handler again', async () => {
        const first = await post({ name: 'a' }, 'key-1').expect(201);
        expect(first.headers['idempotent-replayed']).to.equal(undefined);
        const again = await post({ name: 'a' }, 'key-1').expect(201);
        expect(again.body).to.deep.equal(first.body);
        expect(again.headers['idempotent-replayed']).to.equal('true');
        expect(again.headers['content-type']).to.match(/application\/json/);
        expect(await count()).to.equal(1);
      });

      it('answers 422 for the same key with another body, and runs nothing', async () => {
        await post({ name: 'a' }, 'key-1').expect(201);
        const res = await post({ name: 'b' }, 'key-1').expect(422);
        expect(res.body.statusCode).to.equal(422);
        expect(await count()).to.equal(1);
      });

      it('answers 409 with Retry-After while the first request with the key still runs', async () => {
        let release!: () => void;
        gate.wait = new Promise((resolve) => {
          release = resolve;
        });
        const first = post({ name: 'a' }, 'key-1').then((res) => res);
        // The first holds the key once it reached the handler; poll until the repeat sees it.
        let repeat = await post({ name: 'a' }, 'key-1');
        for (let i = 0; i < 50 && repeat.status !== 409; i++) repeat = await post({ name: 'a' }, 'key-1');
        expect(repeat.status).to.equal(409);
        expect(repeat.headers['retry-after']).to.equal('1');
        release();
        expect((await first).status).to.equal(201);
        expect(await count()).to.equal(1);
      });

      it('100 concurrent requests with one key create exactly one item; every answer but 409 is the same', async () => {
        const answers = await Promise.all(Array.from({ length: 100 }, () => post({ name: 'a' }, 'storm')));
        expect(await count()).to.equal(1);
        const done = answers.filter((res) => res.status !== 409);
        expect(done.length).to.be.greaterThan(0);
        for (const res of done) {
          expect(res.status).to.equal(201);
          expect(res.body).to.deep.equal(done[0].body);
        }
        for (const res of answers) expect(res.status).to.be.oneOf([201, 409]);
      });

      it('replays after a restart: the key and answer live in the database', async () => {
        const first = await post({ name: 'a' }, 'key-1').expect(201);
        await served.close();
        await start();
        const again = await post({ name: 'a' }, 'key-1').expect(201);
        expect(again.body).to.deep.equal(first.body);
        expect(again.headers['idempotent-replayed']).to.equal('true');
        expect(await count()).to.equal(1);
      });

      it('keeps a 4xx answer too: a repeat of a refused request gets the same refusal', async () => {
        const first = await post({ name: '' }, 'key-1').expect(422);
        const again = await post({ name: '' }, 'key-1').expect(422);
        expect(again.body).to.deep.equal(first.body);
      });

      for (const [what, key] of [
        ['empty', ''],
        ['256 characters long', 'k'.repeat(256)],
        ['with a space', 'a key'],
        ['not ASCII', 'clé'],
      ] as const) {
        it(`answers 400 for a key ${what}, and runs nothing`, async () => {
          const res = await request(served.url)
            .post('/items')
            .set('Idempotency-Key', Buffer.from(key, 'utf8').toString('latin1'))
            .send({ name: 'a' })
            .expect(400);
          expect(res.body.message).to.equal('Idempotency-Key must be 1 to 255 visible ASCII characters');
          expect(await count()).to.equal(0);
        });
      }

      it('keeps keys apart per caller: two clients may use the same key', async () => {
        const from = (address: string) =>
          request(served.url).post('/items').set('X-Forwarded-For', address).set('Idempotency-Key', 'shared');
        const ada = await from('198.51.100.7').send({ name: 'a' }).expect(201);
        const bob = await from('203.0.113.9').send({ name: 'a' }).expect(201);
        expect(bob.headers['idempotent-replayed']).to.equal(undefined);
        expect(bob.body.id).to.not.equal(ada.body.id);
        await from('198.51.100.7').send({ name: 'a' }).expect(201).expect('Idempotent-Replayed', 'true');
        expect(await count()).to.equal(2);
      });

      it('accepts a key of 255 visible characters', async () => {
        await post({ name: 'a' }, '~'.repeat(255)).expect(201);
        await post({ name: 'a' }, '~'.repeat(255)).expect(201).expect('Idempotent-Replayed', 'true');
      });
    });
  });
});
