import { expect } from 'chai';
import request from 'supertest';
import { forEachEngine } from '../../support/engines';
import { DEMO_PASSWORD } from '../support/sample-env';
import { type SampleServer, startSample } from '../support/sample-server';

// The reference's login limits as a new user meets them: the specs' raised limits taken away, so
// the sample's own defaults (5 per client and username, 20 per client, 15 minutes) answer.
const DEFAULT_LIMITS = {
  LOGIN_RATE_LIMIT_MAX: undefined,
  LOGIN_CLIENT_RATE_LIMIT_MAX: undefined,
  LOGIN_RATE_LIMIT_WINDOW_MS: undefined,
  REGISTER_RATE_LIMIT_MAX: undefined,
};

describe('sample: the reference login contract, with the default settings', () => {
  forEachEngine((engine) => {
    let sample: SampleServer;
    afterEach(() => sample.close());

    const attempt = (username: string, password = 'wrong-password', from?: string, cookie?: string) => {
      const req = request(sample.url).post('/auth/login');
      if (from) req.set('X-Forwarded-For', from);
      if (cookie) req.set('Cookie', cookie);
      return req.send({ username, password });
    };

    it('five failed logins per client and username are 401, the sixth 429 until the window ends', async () => {
      sample = await startSample(engine, DEFAULT_LIMITS);
      for (let i = 0; i < 5; i++) {
        const res = await attempt('admin');
        expect(res.status, `attempt ${i + 1}`).to.equal(401);
        expect(res.body.message).to.equal('Credenciales inválidas');
      }
      const limited = await attempt('admin', DEMO_PASSWORD);
      expect(limited.status).to.equal(429);
      expect(limited.body.message).to.match(/Demasiados intentos de inicio de sesión/);
      expect(Number(limited.headers['retry-after'])).to.be.within(890, 900);
    });

    it('a correct password right after a typo logs in', async () => {
      sample = await startSample(engine, DEFAULT_LIMITS);
      expect((await attempt('manager')).status).to.equal(401);
      const res = await attempt('manager', DEMO_PASSWORD);
      expect(res.status).to.equal(200);
      expect(res.body.user).to.include({ username: 'manager' });
    });

    it('a flood at admin from many addresses locks out neither other users nor admin on a known device; a new device is 429 with Retry-After', async () => {
      sample = await startSample(engine, { ...DEFAULT_LIMITS, TRUST_PROXY: 'loopback' });
      const known = await attempt('admin', DEMO_PASSWORD, '198.51.100.1');
      expect(known.status).to.equal(200);
      const cookie = ([] as string[]).concat(known.headers['set-cookie'] ?? [])[0]!.split(';')[0]!;
      expect(cookie).to.match(/^trellis_device=/);

      // Forty addresses, each under its own limits; the account's burst (10) is spent early.
      const flood = await Promise.all(
        Array.from({ length: 40 }, (_, i) => attempt('admin', 'wrong-password', `203.0.113.${i + 1}`)),
      );
      const statuses = flood.map((res) => res.status);
      expect(statuses.filter((status) => status === 401).length).to.be.within(1, 10);
      expect(statuses.every((status) => status === 401 || status === 429)).to.equal(true);

      // With one verification of a username at a time, the concurrent flood lands 1-10 failures;
      // one at a time from new addresses, the rest of the account's burst goes until it is spaced.
      for (let i = 0; i < 12; i++)
        if ((await attempt('admin', 'wrong-password', `203.0.113.${101 + i}`)).status === 429) break;
      // At once, while the account's spacing (a second after its last failure) still runs: the two
      // logins below take longer than that on a slow database.
      const newDevice = await attempt('admin', DEMO_PASSWORD, '198.51.100.3');
      expect(newDevice.status).to.equal(429);
      expect(newDevice.body.message).to.match(/esta cuenta/);
      expect(Number(newDevice.headers['retry-after'])).to.be.within(1, 10);
      expect((await attempt('admin', DEMO_PASSWORD, '198.51.100.1', cookie)).status).to.equal(200);
      expect((await attempt('manager', DEMO_PASSWORD, '198.51.100.2')).status).to.equal(200);
    });
  });
});
