import bcrypt from 'bcrypt';
import { expect } from 'chai';
import request from 'supertest';
import type { AuthOptions } from '../../../modules/auth';
import { resolveAuthSettings } from '../../../modules/auth/auth-settings';
import { DeviceCookieSigner } from '../../../modules/auth/device-cookie';
import { createApp } from '../../../src/app/create-app';
import { forEachEngine } from '../../support/engines';
import { rateLimitOf } from '../../support/rate-limit-fields';
import { type Served, serve } from '../../support/serve';
import { authApp, FAST_ROUNDS, PASSWORD, SECRET, type StubbedUsers, stubUsers } from './auth-fixtures';

const WRONG = 'Wrong-pass-1!';
const ACCOUNT_BUSY = /esta cuenta/;

// The `name=value` of the device cookie a login answer sets, and the whole header.
function deviceCookieOf(res: request.Response): { pair: string; header: string } {
  const header = ([] as string[])
    .concat(res.headers['set-cookie'] ?? [])
    .find((c) => c.startsWith('trellis_device='));
  expect(header, 'Set-Cookie trellis_device').to.be.a('string');
  return { pair: header!.split(';')[0]!, header: header! };
}

describe('auth: device cookies', () => {
  forEachEngine((engine) => {
    let users: StubbedUsers;
    let served: Served | undefined;
    afterEach(async () => {
      await served?.close();
      served = undefined;
    });

    // One failure from an unknown device spaces the account for a minute: a flood's effect.
    async function start(options: Partial<AuthOptions> = {}): Promise<void> {
      users = await stubUsers();
      served = await serve(
        authApp(
          engine,
          users,
          {
            routes: { loginLimit: false },
            loginFailureBurst: 1,
            loginFailureSpacingMs: 60_000,
            ...options,
          },
          [],
        ),
      );
    }

    const login = (username: string, password = WRONG, cookie?: string) => {
      const req = request(served!.url).post('/auth/login');
      if (cookie) req.set('Cookie', cookie);
      return req.send({ username, password });
    };

    async function knownDevice(username = 'ada'): Promise<string> {
      const res = await login(username, PASSWORD);
      expect(res.status).to.equal(200);
      return deviceCookieOf(res).pair;
    }

    async function flood(username = 'ada'): Promise<void> {
      expect((await login(username)).status).to.equal(401);
      const spaced = await login(username, PASSWORD);
      expect(spaced.status).to.equal(429);
      expect(spaced.body.message).to.match(ACCOUNT_BUSY);
    }

    it('a successful login sets a signed, HttpOnly, SameSite=Strict cookie on the login path, not Secure outside production', async () => {
      await start();
      const res = await login('ada', PASSWORD);
      const { header } = deviceCookieOf(res);
      expect(header).to.match(/^trellis_device=[\w-]+\.[\w-]+\.\d+\.[\w-]+; /);
      expect(header)
        .to.include('; HttpOnly')
        .and.include('; SameSite=Strict')
        .and.include('; Path=/auth/login');
      expect(header).to.include(`; Max-Age=${30 * 24 * 3600}`);
      expect(header).not.to.include('Secure');
      // A failed login sets none.
      expect((await login('grace')).headers['set-cookie']).to.equal(undefined);
    });

    it('is Secure with NODE_ENV=production', () => {
      const settings = resolveAuthSettings(
        {
          jwt: { secret: SECRET, accessTokenTTL: 60, refreshTokenTTL: 600 },
          userProvider: { findByCredentials: () => null, findById: () => null },
        },
        'production',
      );
      expect(settings.deviceCookie).to.deep.include({ secure: true, name: 'trellis_device' });
    });

    it('while the account is flooded, its owner on a known device logs in; a new device is 429 with Retry-After', async () => {
      await start();
      const cookie = await knownDevice();
      await flood();
      expect((await login('ada', PASSWORD, cookie)).status).to.equal(200);
      const newDevice = await login('ada', PASSWORD);
      expect(newDevice.status).to.equal(429);
      expect(Number(newDevice.headers['retry-after'])).to.be.within(1, 60);
    });

    it('a known device renews its cookie and keeps its id', async () => {
      await start();
      const cookie = await knownDevice();
      const renewed = deviceCookieOf(await login('ada', PASSWORD, cookie)).pair;
      expect(renewed.split('.')[1]).to.equal(cookie.split('.')[1]);
    });

    it('a forged cookie (another signature, another id, no signature) counts as a new device', async () => {
      await start();
      const cookie = await knownDevice();
      await flood();
      const [user, id, expires, mac] = cookie.split('.') as [string, string, string, string];
      const flipped = `${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`;
      for (const forged of [
        `${user}.${id}.${expires}.${flipped}`,
        `${user}.${id}x.${expires}.${mac}`,
        `${user}.${id}.${Number(expires) + 1000}.${mac}`,
        `${user}.${id}.${expires}`,
        'trellis_device=%00%ff',
      ]) {
        const res = await login('ada', PASSWORD, forged);
        expect(res.status, forged).to.equal(429);
      }
    });

    it("another user's cookie counts as a new device", async () => {
      await start();
      const graces = await knownDevice('grace');
      await flood('ada');
      expect((await login('ada', PASSWORD, graces)).status).to.equal(429);
      expect((await login('grace', PASSWORD, graces)).status).to.equal(200);
    });

    it("a cookie planted ahead of the real one (garbage, or another user's valid one) still leaves the known device known", async () => {
      await start();
      const graces = await knownDevice('grace');
      const adas = await knownDevice('ada');
      await flood('ada');
      const value = adas.split('=')[1]!;
      for (const cookie of [
        `trellis_device=garbage; ${adas}`,
        `${graces}; ${adas}`,
        `trellis_device=garbage; ${graces}; trellis_device="${value}"`,
      ]) {
        const res = await login('ada', PASSWORD, cookie);
        expect(res.status, cookie).to.equal(200);
        // Renewed with the known device's id, not a new one.
        expect(deviceCookieOf(res).pair.split('.')[1], cookie).to.equal(adas.split('.')[1]);
      }
      // Only cookies of the device cookie's name count.
      expect((await login('ada', PASSWORD, `other_cookie=${value}`)).status).to.equal(429);
    });

    it('an expired cookie counts as a new device', async () => {
      await start();
      await flood();
      const day = 24 * 3600_000;
      const expired = new DeviceCookieSigner(SECRET, 3600, () => Date.now() - day).issue('ada');
      const current = new DeviceCookieSigner(SECRET, 3600).issue('ada');
      expect((await login('ada', PASSWORD, `trellis_device=${expired}`)).status).to.equal(429);
      // The same cookie signed now is honoured: only its expiry differs.
      expect((await login('ada', PASSWORD, `trellis_device=${current}`)).status).to.equal(200);
    });

    it('after the JWT secret changes, the cookies of the old one count as new devices', async () => {
      await start();
      const cookie = await knownDevice();
      await served!.close();
      await start({ jwt: { secret: `${SECRET}-rotated`, accessTokenTTL: 60, refreshTokenTTL: 600 } });
      await flood();
      expect((await login('ada', PASSWORD, cookie)).status).to.equal(429);
    });

    it("a known device's failures are its own: they do not space the account for other devices", async () => {
      await start();
      const cookie = await knownDevice();
      for (let i = 0; i < 3; i++) expect((await login('ada', WRONG, cookie)).status).to.equal(401);
      expect((await login('ada', PASSWORD)).status).to.equal(200);
    });

    it('past its own failures (deviceCookie.maxFailures) a known device is judged as a new one', async () => {
      await start({ deviceCookie: { maxFailures: 2 } });
      const second = await knownDevice();
      for (let i = 0; i < 2; i++) expect((await login('ada', WRONG, second)).status).to.equal(401);
      // Now judged by the account: its failure spaces it, and its next attempt is refused.
      expect((await login('ada', WRONG, second)).status).to.equal(401);
      expect((await login('ada', PASSWORD, second)).status).to.equal(429);
    });

    it('a second login from a known device while its first is in progress is 429 with Retry-After: 1, not a failed login', async () => {
      const gates: (() => void)[] = [];
      let held = false;
      const verifyPassword = (password: string, hash: string) =>
        held
          ? new Promise<boolean>((resolve) => gates.push(() => resolve(bcrypt.compare(password, hash))))
          : bcrypt.compare(password, hash);
      users = await stubUsers();
      served = await serve(
        authApp(
          engine,
          users,
          { routes: { loginLimit: { max: 2 } }, userProvider: { ...users.provider, verifyPassword } },
          [],
        ),
      );
      const cookie = await knownDevice();
      held = true;
      const first = login('ada', PASSWORD, cookie).then((res) => res);
      for (let i = 0; i < 400 && gates.length === 0; i++)
        await new Promise((resolve) => setTimeout(resolve, 5));
      const second = await login('ada', PASSWORD, cookie);
      expect(second.status).to.equal(429);
      expect(second.headers['retry-after']).to.equal('1');
      expect(rateLimitOf(second.headers)).to.deep.include({
        name: 'device-logins-in-progress',
        remaining: 0,
      });
      held = false;
      gates[0]!();
      expect((await first).status).to.equal(200);
      // Had the 429 counted, this client and username (one failure allowed) would be refused now.
      expect((await login('ada', PASSWORD, cookie)).status).to.equal(200);
    });

    describe('where the cookie is Secure (NODE_ENV=production)', () => {
      // Settings are read at install: production only for it, so the rest of the app is as in tests.
      async function startSecure(): Promise<void> {
        users = await stubUsers();
        const app = createApp({ engine, controllers: [] });
        const nodeEnv = process.env.NODE_ENV;
        process.env.NODE_ENV = 'production';
        try {
          app.install('auth', {
            jwt: { secret: SECRET, accessTokenTTL: 60, refreshTokenTTL: 600 },
            userProvider: users.provider,
            bcryptRounds: FAST_ROUNDS,
            routes: { loginLimit: false },
            loginFailureBurst: 1,
            loginFailureSpacingMs: 60_000,
          });
        } finally {
          if (nodeEnv === undefined) delete process.env.NODE_ENV;
          else process.env.NODE_ENV = nodeEnv;
        }
        served = await serve(app);
      }

      it('it is set as __Host-trellis_device: Secure, Path=/, no Domain', async () => {
        await startSecure();
        const res = await login('ada', PASSWORD);
        const header = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
        expect(header).to.have.length(1);
        expect(header[0]).to.match(/^__Host-trellis_device=[\w-]+\.[\w-]+\.\d+\.[\w-]+; /);
        expect(header[0]).to.include('; Secure').and.include('; Path=/;').and.include('; HttpOnly');
        expect(header[0]).not.to.match(/Domain=/i);
      });

      it('the __Host- cookie is read back, and so is a cookie of the old name', async () => {
        await startSecure();
        const res = await login('ada', PASSWORD);
        const hostOnly = ([] as string[]).concat(res.headers['set-cookie'] ?? [])[0]!.split(';')[0]!;
        const oldName = `trellis_device=${new DeviceCookieSigner(SECRET).issue('ada')}`;
        await flood();
        const renewed = await login('ada', PASSWORD, hostOnly);
        expect(renewed.status).to.equal(200);
        expect(renewed.headers['set-cookie'][0]).to.match(/^__Host-trellis_device=/);
        expect((await login('ada', PASSWORD, oldName)).status).to.equal(200);
        expect((await login('ada', PASSWORD, `trellis_device=garbage; ${hostOnly}`)).status).to.equal(200);
        expect((await login('ada', PASSWORD, '__Host-trellis_device=garbage')).status).to.equal(429);
      });
    });

    it('with deviceCookie: false, sets no cookie and judges every attempt by the account', async () => {
      await start({ deviceCookie: false });
      const res = await login('ada', PASSWORD);
      expect(res.status).to.equal(200);
      expect(res.headers['set-cookie']).to.equal(undefined);
    });
  });
});
