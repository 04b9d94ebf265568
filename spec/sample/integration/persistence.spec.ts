import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import request from 'supertest';
import { forEachEngine } from '../../support/engines';
import { type SampleServer, startSample } from '../support/sample-server';

describe('sample persistence', () => {
  forEachEngine((engine) => {
    let dir: string;
    let sample: SampleServer | undefined;
    beforeEach(() => {
      dir = mkdtempSync(join(tmpdir(), 'trellis-sample-'));
    });
    afterEach(async () => {
      await sample?.close();
      sample = undefined;
      rmSync(dir, { recursive: true, force: true });
    });

    it('keeps registered users and tasks across a restart, and seeds the demo users once', async () => {
      const env = { DATABASE_FILE: join(dir, 'data', 'sample.db') };
      sample = await startSample(engine, env);
      await request(sample.url)
        .post('/auth/register')
        .send({ username: 'keeper', email: 'keeper@example.com', password: 'secret-1' })
        .expect(201);
      const token = await sample.token('developer');
      const task = await request(sample.url)
        .post('/tasks')
        .auth(token, { type: 'bearer' })
        .send({ title: 'Survive a restart' })
        .expect(201);
      await sample.close();

      sample = await startSample(engine, env);
      await sample.token('keeper', 'secret-1');
      const tasks = await request(sample.url)
        .get('/tasks')
        .auth(await sample.token('viewer'), { type: 'bearer' })
        .expect(200);
      expect(tasks.body.data).to.deep.equal([task.body]);
      const users = await request(sample.url)
        .get('/users')
        .query({ page: 1 })
        .auth(await sample.token('admin'), { type: 'bearer' })
        .expect(200);
      expect(users.body.meta.total).to.equal(6);
    });
  });
});
