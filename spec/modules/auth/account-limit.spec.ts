import bcrypt from 'bcrypt';
import { expect } from 'chai';
import request from 'supertest';
import { AuthService } from '../../../modules/auth';
import { forEachEngine } from '../../support/engines';
import { rateLimitOf } from '../../support/rate-limit-fields';
import { type Served, serve } from '../../support/serve';
import { authApp, PASSWORD, type StubbedUsers, stubUsers } from './auth-fixtures';

const WRONG = 'Wrong-pass-1!';

function settle(ms = 5): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

describe('auth: logins per username', () => {
  forEachEngine((engine) => {
    let users: StubbedUsers;
    let served: Served | undefined;
    // Verifications of the password WRONG wait on a gate the spec opens; others run for real.
    let gates: (() => void)[];
    afterEach(async () => {
      await openAll();
      await served?.close();
      served = undefined;
    });

    // No spacing after a failure unless a spec asks: these specs are about logins in progress.
    async function start(options: { loginsPerUsername?: number } = { loginsPerUsername: 2 }) {
      gates = [];
      users = await stubUsers();
      const verifyPassword = (password: string, hash: string) =>
        password === WRONG
          ? new Promise<boolean>((resolve) => gates.push(() => resolve(false)))
          : bcrypt.compare(password, hash);
      served = await serve(
        authApp(engine, users, {
          userProvider: { ...users.provider, verifyPassword },
          hashQueueLimit: 100,
          loginFailureSpacingMs: 0,
          ...options,
        }),
      );
      return served;
    }

    const login = (username: string, password = WRONG) =>
      request(served!.url).post('/auth/login').send({ username, password });

    // Logins verifying or waiting for a hashing slot (one slot per core but one).
    const hashing = () => {
      const queue = served!.app.container.get(AuthService).hashingQueue;
      return queue.active + queue.queued;
    };

    async function waitForHashing(count: number): Promise<void> {
      for (let i = 0; i < 400 && hashing() < count; i++) await settle();
      expect(hashing()).to.equal(count);
    }

    // Opens every gate, those of logins still waiting for a slot too, until nothing is hashing.
    async function openAll(): Promise<void> {
      for (let i = 0; i < 400 && served && (gates.length > 0 || hashing() > 0); i++) {
        for (const open of gates.splice(0)) open();
        await settle();
      }
    }

    it('past its share of logins of one username in progress (two here), answers 429 with Retry-After: 1 without looking it up or hashing', async () => {
      await start();
      const pending = [login('ada').then((r) => r), login('ada').then((r) => r)];
      await waitForHashing(2);
      const lookups = users.provider.findByCredentials.callCount;

      const refused = await login('ada');
      expect(refused.status).to.equal(429);
      expect(refused.headers['retry-after']).to.equal('1');
      expect(rateLimitOf(refused.headers)).to.deep.equal({
        name: 'account-logins-in-progress',
        limit: 2,
        window: 1,
        remaining: 0,
        reset: 1,
      });
      expect(refused.body).to.include({ statusCode: 429, error: 'Too Many Requests' });
      expect(users.provider.findByCredentials.callCount).to.equal(lookups);
      expect(hashing()).to.equal(2);

      // Another account still gets its place in the hashing queue.
      const other = login('grace', PASSWORD).then((r) => r);
      await waitForHashing(3);
      await openAll();
      expect((await other).status).to.equal(201);
      for (const res of await Promise.all(pending)) expect(res.status).to.equal(401);
    });

    it('answers an unknown username past its share exactly as a known one', async () => {
      await start();
      const pending = [login('ada'), login('nobody'), login('ada'), login('nobody')].map((r) =>
        r.then((x) => x),
      );
      await waitForHashing(4);
      const known = await login('ada');
      const unknown = await login('nobody');
      expect(unknown.status).to.equal(known.status);
      expect(unknown.body).to.deep.equal(known.body);
      expect(unknown.headers['retry-after']).to.equal(known.headers['retry-after']);
      await openAll();
      await Promise.all(pending);
    });

    it('counts case variants of a username together', async () => {
      await start();
      const pending = [login('ada'), login('ADA')].map((r) => r.then((x) => x));
      await waitForHashing(2);
      expect((await login('Ada')).status).to.equal(429);
      await openAll();
      await Promise.all(pending);
    });

    it('by default lets one login of a username be in progress, and the next once it ends', async () => {
      await start({});
      const first = login('ada').then((r) => r);
      await waitForHashing(1);
      expect((await login('ada', PASSWORD)).status).to.equal(429);
      await openAll();
      expect((await first).status).to.equal(401);
      expect((await login('ada', PASSWORD)).status).to.equal(201);
      expect(served!.app.container.get(AuthService).hashingQueue.active).to.equal(0);
    });
  });
});
