import { expect } from 'chai';
import request from 'supertest';
import { forEachEngine } from '../../support/engines';
import { DEMO_PASSWORD } from '../support/sample-env';
import { type SampleServer, startSample } from '../support/sample-server';

describe('sample login rate limit', () => {
  forEachEngine((engine) => {
    let sample: SampleServer;
    beforeEach(async () => {
      sample = await startSample(engine, { LOGIN_RATE_LIMIT_MAX: '3', LOGIN_RATE_LIMIT_WINDOW_MS: '60000' });
    });
    afterEach(() => sample.close());

    const attempt = (username: string, password = 'wrong-password') =>
      request(sample.url).post('/auth/login').send({ username, password });

    it('past LOGIN_RATE_LIMIT_MAX attempts, answers 429 with Retry-After, even with the right password', async () => {
      for (let i = 0; i < 3; i++) await attempt('admin').expect(401);
      const res = await attempt('admin', DEMO_PASSWORD).expect(429);
      expect(res.body).to.deep.include({ statusCode: 429 });
      expect(res.body.message).to.match(/Demasiados intentos/);
      expect(Number(res.headers['retry-after'])).to.be.within(1, 60);
      expect(res.headers).to.have.property('ratelimit-limit');
    });

    it('counts each username apart, and one username in any case as one', async () => {
      for (const username of ['admin', 'ADMIN', 'Admin']) await attempt(username).expect(401);
      await attempt('admin').expect(429);
      await attempt('manager', DEMO_PASSWORD).expect(200);
    });

    it('counts only well-formed attempts: a 422 body does not use the allowance', async () => {
      for (let i = 0; i < 5; i++)
        await request(sample.url).post('/auth/login').send({ username: 'admin' }).expect(422);
      await attempt('admin', DEMO_PASSWORD).expect(200);
    });
  });
});
