import { expect } from 'chai';
import sinon from 'sinon';
import request from 'supertest';
import { type AuthOptions, AuthService } from '../../../modules/auth';
import { forEachEngine } from '../../support/engines';
import { rateLimitOf } from '../../support/rate-limit-fields';
import { type Served, serve } from '../../support/serve';
import { authApp, PASSWORD, type StubbedUsers, stubUsers } from './auth-fixtures';

const WRONG = 'Wrong-pass-1!';
const BUSY = 'Demasiados intentos de acceso a esta cuenta; inténtelo de nuevo en un momento';

function settle(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

describe('auth: the spacing after a failed login', () => {
  forEachEngine((engine) => {
    let users: StubbedUsers;
    let served: Served | undefined;
    // Hashing slots taken (each a bcrypt verification, the dummy one of unknown users included).
    let hashes: sinon.SinonSpy;
    afterEach(async () => {
      await served?.close();
      served = undefined;
    });

    // A burst of one unless a spec asks: most specs here are about the spacing itself.
    async function start(options: Partial<AuthOptions> = {}): Promise<string> {
      users = await stubUsers();
      served = await serve(authApp(engine, users, { loginFailureBurst: 1, ...options }));
      const auth = served.app.container.get(AuthService);
      await auth.prepare();
      hashes = sinon.spy(auth.hashingQueue, 'run');
      return served.url;
    }

    const login = (username: string, password = WRONG) =>
      request(served!.url).post('/auth/login').send({ username, password });
    const lookups = () => users.provider.findByCredentials.callCount;

    it('right after a failed login, the next login of that username is 429 with the whole seconds left, without a lookup or a hash', async () => {
      await start({ loginFailureSpacingMs: 5000 });
      expect((await login('ada')).status).to.equal(401);
      expect([lookups(), hashes.callCount]).to.deep.equal([1, 1]);

      const refused = await login('ada', PASSWORD);
      expect(refused.status).to.equal(429);
      expect(refused.body).to.deep.equal({
        statusCode: 429,
        error: 'Too Many Requests',
        message: BUSY,
        code: 'TOO_MANY_REQUESTS',
      });
      // 5 s from the failure, minus the moments between: 5, or 4 on a stalled machine.
      expect(Number(refused.headers['retry-after'])).to.be.within(4, 5);
      expect(rateLimitOf(refused.headers)).to.deep.include({
        name: 'account-failures',
        limit: 1,
        window: 5,
        remaining: 0,
        reset: Number(refused.headers['retry-after']),
      });
      expect([lookups(), hashes.callCount]).to.deep.equal([1, 1]);
    });

    it('by default verifies ten failures back to back, then spaces the username a second: Retry-After: 1', async () => {
      await start({ loginFailureBurst: undefined });
      for (let i = 0; i < 10; i++) expect((await login('ada')).status).to.equal(401);
      const refused = await login('ada', PASSWORD);
      expect(refused.status).to.equal(429);
      expect(refused.headers['retry-after']).to.equal('1');
      expect(hashes.callCount).to.equal(10);
    });

    it('by default a correct password right after a typo logs in', async () => {
      await start({ loginFailureBurst: undefined });
      expect((await login('ada')).status).to.equal(401);
      expect((await login('ada', PASSWORD)).status).to.equal(201);
    });

    it('a success refunds nothing: the failures before it stay spent', async () => {
      await start({ loginFailureBurst: 2, loginFailureSpacingMs: 60_000 });
      expect((await login('ada')).status).to.equal(401);
      expect((await login('ada', PASSWORD)).status).to.equal(201);
      expect((await login('ada')).status).to.equal(401);
      expect((await login('ada', PASSWORD)).status).to.equal(429);
    });

    it('once the spacing has passed, a login of that username is looked up and hashed again', async () => {
      await start({ loginFailureSpacingMs: 300 });
      expect((await login('ada')).status).to.equal(401);
      expect((await login('ada', PASSWORD)).status).to.equal(429);
      await settle(350);
      expect((await login('ada', PASSWORD)).status).to.equal(201);
      expect([lookups(), hashes.callCount]).to.deep.equal([2, 2]);
    });

    it('spaces case variants of a username together', async () => {
      await start();
      expect((await login('ada')).status).to.equal(401);
      expect((await login('ADA', PASSWORD)).status).to.equal(429);
      expect((await login('Ada', PASSWORD)).status).to.equal(429);
      expect(hashes.callCount).to.equal(1);
    });

    it('leaves other usernames alone', async () => {
      await start({ loginFailureSpacingMs: 60_000 });
      expect((await login('ada')).status).to.equal(401);
      expect((await login('grace', PASSWORD)).status).to.equal(201);
      expect((await login('grace')).status).to.equal(401);
      expect(hashes.callCount).to.equal(3);
    });

    it('answers an unknown username exactly as a known one: spaced after its failure, with the same 429', async () => {
      await start({ loginFailureSpacingMs: 60_000 });
      const [knownFailure, unknownFailure] = [await login('ada'), await login('nobody')];
      expect(unknownFailure.status).to.equal(knownFailure.status);
      expect(unknownFailure.body).to.deep.equal(knownFailure.body);
      expect(hashes.callCount).to.equal(2);

      const known = await login('ada');
      const unknown = await login('nobody');
      expect(known.status).to.equal(429);
      expect(unknown.status).to.equal(known.status);
      expect(unknown.body).to.deep.equal(known.body);
      expect(unknown.headers['retry-after']).to.equal(known.headers['retry-after']);
      expect([lookups(), hashes.callCount]).to.deep.equal([2, 2]);
    });

    it('with loginFailureSpacingMs: 0, a login right after a failure is looked up and hashed', async () => {
      await start({ loginFailureSpacingMs: 0 });
      expect((await login('ada')).status).to.equal(401);
      expect((await login('ada')).status).to.equal(401);
      expect((await login('ada', PASSWORD)).status).to.equal(201);
      expect([lookups(), hashes.callCount]).to.deep.equal([3, 3]);
    });

    it('through the mounted routes, a spaced attempt counts as a failed login of that client and username', async () => {
      users = await stubUsers();
      served = await serve(
        authApp(
          engine,
          users,
          { routes: { loginLimit: { max: 2 } }, loginFailureSpacingMs: 200, loginFailureBurst: 1 },
          [],
        ),
      );
      expect((await login('ada')).status).to.equal(401);
      expect((await login('ada', PASSWORD)).status).to.equal(429);
      await settle(250);
      const limited = await login('ada', PASSWORD);
      expect(limited.status).to.equal(429);
      expect(limited.body.message).to.equal('Demasiados intentos de inicio de sesión; inténtelo más tarde');
    });
  });
});
