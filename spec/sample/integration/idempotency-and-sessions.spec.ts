import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import request from 'supertest';
import { forEachEngine } from '../../support/engines';
import { DEMO_PASSWORD } from '../support/sample-env';
import { type SampleServer, startSample } from '../support/sample-server';

describe('sample: idempotent writes and sessions across restarts', () => {
  forEachEngine((engine) => {
    let dir: string;
    let env: Record<string, string>;
    let sample: SampleServer | undefined;
    beforeEach(() => {
      dir = mkdtempSync(join(tmpdir(), 'trellis-sample-'));
      env = { DATABASE_FILE: join(dir, 'sample.db') };
    });
    afterEach(async () => {
      await sample?.close();
      sample = undefined;
      rmSync(dir, { recursive: true, force: true });
    });
    const restart = async () => {
      await sample?.close();
      sample = await startSample(engine, env);
      return sample;
    };
    const taskCount = async (token: string) =>
      (await request(sample!.url).get('/tasks?page=1&limit=100').auth(token, { type: 'bearer' }).expect(200))
        .body.meta.total as number;
    const login = async () =>
      (
        await request(sample!.url)
          .post('/auth/login')
          .send({ username: 'developer', password: DEMO_PASSWORD })
          .expect(200)
      ).body as { accessToken: string; refreshToken: string };

    it('POST /tasks: 100 concurrent requests with one key create one task; every answer but 409 is the same', async () => {
      await restart();
      const token = await sample!.token('developer');
      const answers = await Promise.all(
        Array.from({ length: 100 }, () =>
          request(sample!.url)
            .post('/tasks')
            .auth(token, { type: 'bearer' })
            .set('Idempotency-Key', 'one-task-please')
            .send({ title: 'Exactly once' }),
        ),
      );
      expect(await taskCount(token)).to.equal(1);
      const done = answers.filter((res) => res.status !== 409);
      expect(done.length).to.be.greaterThan(0);
      for (const res of done) {
        expect(res.status).to.equal(201);
        expect(res.body).to.deep.equal(done[0].body);
      }
      for (const res of answers) expect(res.status).to.be.oneOf([201, 409]);
    });

    it('POST /tasks: keys are kept per user, so two users on one address may use the same key', async () => {
      await restart();
      const post = (token: string) =>
        request(sample!.url)
          .post('/tasks')
          .auth(token, { type: 'bearer' })
          .set('Idempotency-Key', 'same-key')
          .send({ title: 'Mine' });
      const developer = await sample!.token('developer');
      const lead = await sample!.token('team_lead');
      const first = await post(developer).expect(201);
      const second = await post(lead).expect(201);
      expect(second.headers['idempotent-replayed']).to.equal(undefined);
      expect(second.body.id).to.not.equal(first.body.id);
      const replay = await post(developer).expect(201).expect('Idempotent-Replayed', 'true');
      expect(replay.body).to.deep.equal(first.body);
      expect(await taskCount(developer)).to.equal(2);
    });

    it('POST /tasks: another body with the key is 422; a replay after a restart gets the first answer', async () => {
      await restart();
      let token = await sample!.token('developer');
      const post = (body: object) =>
        request(sample!.url)
          .post('/tasks')
          .auth(token, { type: 'bearer' })
          .set('Idempotency-Key', 'k-1')
          .send(body);
      const first = await post({ title: 'Once' }).expect(201);
      await post({ title: 'Other' }).expect(422);
      await restart();
      token = await sample!.token('developer');
      const again = await post({ title: 'Once' }).expect(201);
      expect(again.headers['idempotent-replayed']).to.equal('true');
      expect(again.body).to.deep.equal(first.body);
      expect(await taskCount(token)).to.equal(1);
    });

    it('a restart keeps users logged in, and keeps logged-out tokens refused', async () => {
      await restart();
      const kept = await login();
      const ended = await login();
      await request(sample!.url).post('/auth/logout').auth(ended.accessToken, { type: 'bearer' }).expect(200);
      await restart();
      await request(sample!.url).get('/auth/me').auth(kept.accessToken, { type: 'bearer' }).expect(200);
      await request(sample!.url).post('/auth/refresh').send({ refreshToken: kept.refreshToken }).expect(200);
      await request(sample!.url).get('/auth/me').auth(ended.accessToken, { type: 'bearer' }).expect(401);
      await request(sample!.url).post('/auth/refresh').send({ refreshToken: ended.refreshToken }).expect(401);
    });
  });
});
