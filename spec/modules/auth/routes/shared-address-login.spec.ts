import { expect } from 'chai';
import request from 'supertest';
import { createApp } from '../../../../src/app/create-app';
import { forEachEngine } from '../../../support/engines';
import { rateLimitOf } from '../../../support/rate-limit-fields';
import { type Served, serve } from '../../../support/serve';
import { FAST_ROUNDS, PASSWORD, SECRET, type StubbedUsers, stubUsers } from '../auth-fixtures';

const WRONG = 'Wrong-pass-1!';
// One address for everyone: a carrier-grade NAT or an office, as the proxy in front reports it.
const SHARED = '203.0.113.7';
const ELSEWHERE = '198.51.100.9';

// ASVS 6.1.1: the login limits of an address must not lock the account's owner out of a device
// it has logged in from, whoever else shares that address.
describe('auth: the owner on a known device behind a shared address (login limits)', () => {
  forEachEngine((engine) => {
    let users: StubbedUsers;
    let served: Served | undefined;
    afterEach(async () => {
      await served?.close();
      served = undefined;
    });

    // The reference endpoints with their default limits (5 per client and username, 20 per
    // client), behind one proxy (the sample's TRUST_PROXY=1).
    async function start(): Promise<void> {
      users = await stubUsers();
      const app = createApp({ engine, controllers: [], trustProxy: 1 }).install('auth', {
        jwt: { secret: SECRET, accessTokenTTL: 60, refreshTokenTTL: 600 },
        userProvider: users.provider,
        bcryptRounds: FAST_ROUNDS,
        routes: true,
      });
      served = await serve(app);
    }

    const login = (username: string, password = WRONG, cookie?: string, from = SHARED) => {
      const req = request(served!.url).post('/auth/login').set('X-Forwarded-For', from);
      if (cookie) req.set('Cookie', cookie);
      return req.send({ username, password });
    };

    async function knownDevice(): Promise<string> {
      const res = await login('ada', PASSWORD);
      expect(res.status).to.equal(200);
      const header = ([] as string[]).concat(res.headers['set-cookie'] ?? [])[0];
      expect(header, 'Set-Cookie').to.match(/^trellis_device=/);
      return header!.split(';')[0]!;
    }

    it('five failures at the account from its address refuse a new device, never the owner on a known one', async () => {
      await start();
      const cookie = await knownDevice();
      for (let i = 0; i < 5; i++) expect((await login('ada')).status, `failure ${i + 1}`).to.equal(401);
      const newDevice = await login('ada', PASSWORD);
      expect(newDevice.status).to.equal(429);
      expect(rateLimitOf(newDevice.headers)).to.deep.include({ name: 'login', remaining: 0 });
      expect((await login('ada', PASSWORD, cookie)).status).to.equal(200);
    });

    it('twenty failures at other usernames from its address refuse a new device, never the owner on a known one', async () => {
      await start();
      const cookie = await knownDevice();
      for (let i = 0; i < 20; i++) expect((await login(`user${i}`)).status, `failure ${i + 1}`).to.equal(401);
      const newDevice = await login('ada', PASSWORD);
      expect(newDevice.status).to.equal(429);
      expect(rateLimitOf(newDevice.headers)).to.deep.include({ name: 'login-client', remaining: 0 });
      expect((await login('ada', PASSWORD, cookie)).status).to.equal(200);
    });

    it("a known device's failures are its own: they use none of the address's allowance", async () => {
      await start();
      const cookie = await knownDevice();
      for (let i = 0; i < 5; i++) expect((await login('ada', WRONG, cookie)).status).to.equal(401);
      // The address's five failures per username are untouched: someone else there logs in.
      expect((await login('ada', PASSWORD)).status).to.equal(200);
    });

    it('past its own five failures, a known device is judged as a new one, by the limits of its address', async () => {
      await start();
      const cookie = await knownDevice();
      for (let i = 0; i < 5; i++) expect((await login('ada')).status).to.equal(401);
      for (let i = 0; i < 5; i++) expect((await login('ada', WRONG, cookie)).status).to.equal(401);
      const lockedOut = await login('ada', PASSWORD, cookie);
      expect(lockedOut.status).to.equal(429);
      expect(rateLimitOf(lockedOut.headers)).to.deep.include({ name: 'login' });
      // From another address, the account's protection alone judges it: no failure to space yet.
      expect((await login('ada', PASSWORD, cookie, ELSEWHERE)).status).to.equal(200);
    });

    it('during a flood from its address, every login of the owner with its device cookie succeeds', async () => {
      await start();
      const cookie = await knownDevice();
      const owner: number[] = [];
      // Ten rounds of four wrong passwords (the account and other usernames) with the owner
      // logging in from the same address at the same time.
      for (let round = 0; round < 10; round++) {
        const [mine, ...flood] = await Promise.all([
          login('ada', PASSWORD, cookie),
          login('ada'),
          login('ada'),
          login(`user${round}`),
          login(`other${round}`),
        ]);
        for (const res of flood) expect(res.status).to.be.oneOf([401, 429]);
        owner.push(mine!.status);
      }
      expect(owner.filter((status) => status === 200).length, owner.join(' ')).to.equal(10);
    });
  });
});
