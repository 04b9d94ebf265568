import { expect } from 'chai';
import request from 'supertest';
import { forEachEngine } from '../../support/engines';
import { type SampleServer, startSample } from '../support/sample-server';

describe('sample GET /users', () => {
  forEachEngine((engine) => {
    let sample: SampleServer;
    let manager: string;
    before(async () => {
      sample = await startSample(engine);
      manager = await sample.token('manager');
      for (let i = 1; i <= 7; i++) {
        await request(sample.url)
          .post('/auth/register')
          .send({ username: `member${i}`, email: `member${i}@example.com`, password: 'secret-1' })
          .expect(201);
      }
    });
    after(() => sample.close());

    const list = (query: Record<string, string | number>) =>
      request(sample.url).get('/users/').query(query).auth(manager, { type: 'bearer' });

    it('with page and limit, answers an offset page with its meta', async () => {
      const res = await list({ page: 2, limit: 5 }).expect(200);
      expect(res.body.data.map((u: { id: number }) => u.id)).to.deep.equal([6, 7, 8, 9, 10]);
      expect(res.body.meta).to.deep.equal({
        total: 12,
        page: 2,
        limit: 5,
        totalPages: 3,
        hasNext: true,
        hasPrev: true,
        from: 6,
        to: 10,
      });
    });

    it('never shows a password or its hash', async () => {
      const res = await list({ page: 1, limit: 100 }).expect(200);
      expect(res.body.data).to.have.length(12);
      for (const user of res.body.data)
        expect(user).to.have.all.keys('id', 'username', 'email', 'role', 'permissions', 'createdAt');
      expect(JSON.stringify(res.body)).to.not.include('$2b$');
    });

    it('with a cursor, walks forward and back by id', async () => {
      const first = await list({ limit: 5 }).expect(200);
      expect(first.body.data.map((u: { id: number }) => u.id)).to.deep.equal([1, 2, 3, 4, 5]);
      expect(first.body.meta).to.include({ count: 5, hasNext: true, hasPrev: false, prevCursor: null });
      const second = await list({ limit: 5, cursor: first.body.meta.nextCursor }).expect(200);
      expect(second.body.data.map((u: { id: number }) => u.id)).to.deep.equal([6, 7, 8, 9, 10]);
      const back = await list({ limit: 5, cursor: second.body.meta.prevCursor, direction: 'prev' }).expect(
        200,
      );
      expect(back.body.data.map((u: { id: number }) => u.id)).to.deep.equal([1, 2, 3, 4, 5]);
    });

    it('refuses bad queries: 422 for a bad page, limit, direction or page with cursor; 400 for a forged cursor', async () => {
      await list({ page: 0 }).expect(422);
      await list({ limit: 101 }).expect(422);
      await list({ limit: 'ten' }).expect(422);
      await list({ direction: 'sideways' }).expect(422);
      await list({ page: 1, cursor: 'abc' }).expect(422);
      const forged = await list({ cursor: 'eyJpZCI6MX0.c2lnbmF0dXJl' }).expect(400);
      expect(forged.body.message).to.equal('Invalid cursor');
    });

    describe('GET /users/:id', () => {
      it('answers the user, or 404 Usuario no encontrado', async () => {
        const res = await request(sample.url).get('/users/3').auth(manager, { type: 'bearer' }).expect(200);
        expect(res.body).to.include({ id: 3, username: 'team_lead' });
        const missing = await request(sample.url)
          .get('/users/404')
          .auth(manager, { type: 'bearer' })
          .expect(404);
        expect(missing.body).to.deep.include({ statusCode: 404, message: 'Usuario no encontrado' });
      });

      it('with an id that is not a positive integer, answers 422', async () => {
        await request(sample.url).get('/users/abc').auth(manager, { type: 'bearer' }).expect(422);
        await request(sample.url).get('/users/0').auth(manager, { type: 'bearer' }).expect(422);
      });
    });
  });
});
