import { expect } from 'chai';
import sinon from 'sinon';
import request from 'supertest';
import { AccountBusyException, AuthService } from '../../../modules/auth';
import { QueueFullException } from '../../../modules/auth/concurrency-limit';
import { forEachEngine } from '../../support/engines';
import { rateLimitOf } from '../../support/rate-limit-fields';
import { DEMO_PASSWORD } from '../support/sample-env';
import { type SampleServer, startSample } from '../support/sample-server';

describe('sample login rate limit', () => {
  forEachEngine((engine) => {
    let sample: SampleServer;
    beforeEach(async () => {
      sample = await startSample(engine, {
        LOGIN_RATE_LIMIT_MAX: '3',
        LOGIN_CLIENT_RATE_LIMIT_MAX: '5',
        LOGIN_RATE_LIMIT_WINDOW_MS: '60000',
        // These specs count failures of one username in a row; the spacing has its own below.
        LOGIN_FAILURE_SPACING_MS: '0',
      });
    });
    afterEach(() => {
      sinon.restore();
      return sample.close();
    });

    const attempt = (username: string, password = 'wrong-password') =>
      request(sample.url).post('/auth/login').send({ username, password });

    it('past LOGIN_RATE_LIMIT_MAX failed attempts, answers 429 with Retry-After, even with the right password', async () => {
      for (let i = 0; i < 3; i++) await attempt('admin').expect(401);
      for (let i = 0; i < 2; i++) {
        const res = await attempt('admin', DEMO_PASSWORD).expect(429);
        expect(res.body).to.deep.include({ statusCode: 429 });
        expect(res.body.message).to.match(/Demasiados intentos/);
        expect(Number(res.headers['retry-after'])).to.be.within(1, 60);
        expect(rateLimitOf(res.headers)).to.deep.include({
          name: 'login',
          limit: 3,
          window: 60,
          remaining: 0,
        });
      }
    });

    it('does not count successful logins: many good logins in a row all succeed', async () => {
      for (let i = 0; i < 8; i++) await attempt('admin', DEMO_PASSWORD).expect(200);
    });

    it('a successful login does not reset the failures counted before it', async () => {
      await attempt('admin').expect(401);
      await attempt('admin').expect(401);
      await attempt('admin', DEMO_PASSWORD).expect(200);
      await attempt('admin').expect(401);
      await attempt('admin', DEMO_PASSWORD).expect(429);
    });

    it('counts each username apart, and one username in any case as one', async () => {
      for (const username of ['admin', 'ADMIN', 'Admin']) await attempt(username).expect(401);
      await attempt('admin').expect(429);
      await attempt('manager', DEMO_PASSWORD).expect(200);
    });

    it('past LOGIN_CLIENT_RATE_LIMIT_MAX failed logins across usernames, refuses the client for every username', async () => {
      for (const username of ['a1', 'a2', 'a3', 'a4', 'a5']) await attempt(username).expect(401);
      await attempt('a6').expect(429);
      await attempt('viewer', DEMO_PASSWORD).expect(429);
    });

    it('parallel wrong attempts cannot slip past the limit before any of them has failed', async () => {
      const answers = await Promise.all(Array.from({ length: 8 }, () => attempt('developer')));
      const statuses = answers.map((res) => res.status);
      // Those the one-login-per-username cap refuses (429) count as failures too, so at most
      // three are checked and the allowance is spent either way.
      const checked = statuses.filter((status) => status === 401).length;
      expect(checked).to.be.within(1, 3);
      expect(statuses.filter((status) => status === 429)).to.have.length(8 - checked);
      await attempt('developer', DEMO_PASSWORD).expect(429);
    });

    it('counts only well-formed attempts: a 422 body does not use the allowance', async () => {
      for (let i = 0; i < 5; i++)
        await request(sample.url).post('/auth/login').send({ username: 'admin' }).expect(422);
      await attempt('admin', DEMO_PASSWORD).expect(200);
    });

    it('a 503 from a full hashing queue is answered with Retry-After: 1 and does not count as a failure', async () => {
      const auth = sample.app.container.get(AuthService);
      const login = sinon.stub(auth, 'login').rejects(new QueueFullException());
      for (let i = 0; i < 5; i++) {
        const res = await attempt('admin').expect(503);
        expect(res.headers['retry-after']).to.equal('1');
      }
      login.restore();
      await attempt('admin', DEMO_PASSWORD).expect(200);
    });

    it('a 429 because the username has its share of logins in progress counts as a failure of that client and username', async () => {
      const auth = sample.app.container.get(AuthService);
      const login = sinon.stub(auth, 'login').rejects(new AccountBusyException());
      for (let i = 0; i < 3; i++) {
        const res = await attempt('admin').expect(429);
        expect(res.body.message).to.match(/esta cuenta/);
        expect(res.headers['retry-after']).to.equal('1');
      }
      const callsBefore = login.callCount;
      login.restore();
      // The allowance is spent: the right password is refused too, without reaching the login.
      const refused = await attempt('admin', DEMO_PASSWORD).expect(429);
      expect(rateLimitOf(refused.headers)).to.deep.include({ name: 'login', limit: 3 });
      expect(callsBefore).to.equal(3);
    });

    it('answers an authenticated GET with Cache-Control: no-store', async () => {
      const { body } = await attempt('admin', DEMO_PASSWORD).expect(200);
      for (const path of ['/auth/me', '/users', '/tasks']) {
        const res = await request(sample.url).get(path).set('Authorization', `Bearer ${body.accessToken}`);
        expect(res.status, path).to.equal(200);
        expect(res.headers['cache-control'], path).to.equal('no-store');
      }
    });

    it('answers login and refresh with Cache-Control: no-store', async () => {
      const login = await attempt('admin', DEMO_PASSWORD).expect(200);
      expect(login.headers['cache-control']).to.equal('no-store');
      const refresh = await request(sample.url)
        .post('/auth/refresh')
        .send({ refreshToken: login.body.refreshToken })
        .expect(200);
      expect(refresh.headers['cache-control']).to.equal('no-store');
    });
  });
});

describe('sample login behind a shared address', () => {
  forEachEngine((engine) => {
    let sample: SampleServer;
    beforeEach(async () => {
      sample = await startSample(engine, {
        LOGIN_RATE_LIMIT_MAX: '3',
        LOGIN_CLIENT_RATE_LIMIT_MAX: '5',
        LOGIN_FAILURE_SPACING_MS: '0',
        TRUST_PROXY: 'loopback',
      });
    });
    afterEach(() => sample.close());

    const SHARED = '198.51.100.7';
    const attempt = (username: string, password = 'wrong-password', cookie?: string) => {
      const call = request(sample.url).post('/auth/login').set('X-Forwarded-For', SHARED);
      return (cookie ? call.set('Cookie', cookie) : call).send({ username, password });
    };

    it("logs the owner's known device in while the address is over both of its limits", async () => {
      const first = await attempt('admin', DEMO_PASSWORD).expect(200);
      const device = [first.headers['set-cookie']]
        .flat()
        .map((line: string) => line.split(';')[0])
        .find((pair: string) => /trellis_device=/.test(pair));
      expect(device, 'the device cookie of the first login').to.be.a('string');
      for (let i = 0; i < 3; i++) await attempt('admin').expect(401);
      for (const name of ['manager', 'viewer']) await attempt(name).expect(401);
      await attempt('admin', DEMO_PASSWORD).expect(429);
      await attempt('developer', DEMO_PASSWORD).expect(429);
      await attempt('admin', DEMO_PASSWORD, device).expect(200);
      await attempt('admin', DEMO_PASSWORD, `trellis_device=garbage; ${device}`).expect(200);
    });
  });
});

describe('sample login failure spacing', () => {
  forEachEngine((engine) => {
    let sample: SampleServer;
    beforeEach(async () => {
      // A burst of 2 × LOGIN_RATE_LIMIT_MAX: two clients' failures spend it.
      sample = await startSample(engine, { LOGIN_RATE_LIMIT_MAX: '2', TRUST_PROXY: 'loopback' });
    });
    afterEach(() => sample.close());

    const attempt = (username: string, from: string, password = 'wrong-password') =>
      request(sample.url).post('/auth/login').set('X-Forwarded-For', from).send({ username, password });

    it('once failures from several clients spend the burst, a login of that username from a new device is 429 with Retry-After: 1 and counts as a failure', async () => {
      for (const from of ['203.0.113.1', '203.0.113.1', '203.0.113.2', '203.0.113.2'])
        expect((await attempt('admin', from)).status).to.equal(401);
      const spaced = await attempt('admin', '203.0.113.3', DEMO_PASSWORD).expect(429);
      expect(spaced.body.message).to.match(/esta cuenta/);
      expect(spaced.headers['retry-after']).to.equal('1');
      expect(rateLimitOf(spaced.headers)).to.deep.include({
        name: 'account-failures',
        limit: 4,
        remaining: 0,
      });
      await attempt('manager', '203.0.113.3', DEMO_PASSWORD).expect(200);
      await attempt('admin', '203.0.113.3').expect(429);
      // Two failures of this client and username are spent (two spaced 429s).
      await new Promise((resolve) => setTimeout(resolve, 1100));
      const limited = await attempt('admin', '203.0.113.3', DEMO_PASSWORD).expect(429);
      expect(limited.body.message).to.match(/Demasiados intentos de inicio de sesión/);
    });
  });
});

describe('sample registration rate limit', () => {
  forEachEngine((engine) => {
    let sample: SampleServer;
    beforeEach(async () => {
      sample = await startSample(engine, {
        REGISTER_RATE_LIMIT_MAX: '3',
        REGISTER_RATE_LIMIT_WINDOW_MS: '60000',
      });
    });
    afterEach(() => sample.close());

    const register = (username: string, password = 'Strong-pass-1!') =>
      request(sample.url)
        .post('/auth/register')
        .send({ username, email: `${username}@example.com`, password });

    it('past REGISTER_RATE_LIMIT_MAX attempts per client, whatever their outcome, answers 429', async () => {
      await register('newcomer1').expect(201);
      await register('newcomer1').expect(409);
      await register('bad', 'short').expect(422);
      const res = await register('newcomer2').expect(429);
      expect(res.body.message).to.match(/Demasiados registros/);
      expect(Number(res.headers['retry-after'])).to.be.within(1, 60);
      const fields = rateLimitOf(res.headers);
      expect(fields).to.deep.include({ name: '3-in-1min', limit: 3, window: 60, remaining: 0 });
      expect(fields.reset).to.equal(Number(res.headers['retry-after']));
      // Logins are not registrations: they keep their own limit.
      await request(sample.url)
        .post('/auth/login')
        .send({ username: 'newcomer1', password: 'Strong-pass-1!' })
        .expect(200);
    });

    it('counts only POST /auth/register: other methods and paths below it use none of the allowance', async () => {
      for (let i = 0; i < 5; i++) {
        await request(sample.url).get('/auth/register');
        await request(sample.url).options('/auth/register');
        await request(sample.url).post('/auth/register/more').send({});
      }
      await register('counted1').expect(201);
      await register('counted2').expect(201);
      await register('counted3').expect(201);
      await register('counted4').expect(429);
    });

    it('a registration that meets a full hashing queue is answered 503 with Retry-After: 1 at once', async () => {
      const auth = sample.app.container.get(AuthService);
      const hashing = sinon.stub(auth, 'hashPassword').rejects(new QueueFullException());
      const res = await register('newcomer3').expect(503);
      expect(res.headers['retry-after']).to.equal('1');
      expect(res.body).to.include({ statusCode: 503, error: 'Service Unavailable' });
      hashing.restore();
      // Nothing was stored: the same username registers once the queue has room.
      await register('newcomer3').expect(201);
    });
  });
});
