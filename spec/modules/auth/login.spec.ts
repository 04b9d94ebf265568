import bcrypt from 'bcrypt';
import { expect } from 'chai';
import jwt from 'jsonwebtoken';
import sinon from 'sinon';
import request from 'supertest';
import { AuthService, type TokenClaims } from '../../../modules/auth';
import { forEachEngine } from '../../support/engines';
import { type Served, serve } from '../../support/serve';
import { ADA, authApp, bearer, PASSWORD, type StubbedUsers, stubUsers } from './auth-fixtures';

describe('auth: login', () => {
  forEachEngine((engine) => {
    let users: StubbedUsers;
    let served: Served;
    beforeEach(async () => {
      users = await stubUsers();
      served = await serve(authApp(engine, users));
    });
    afterEach(() => served.close());

    it('when the credentials are right, it gives a token pair and the public user', async () => {
      const res = await request(served.url).post('/auth/login').send({ username: 'ada', password: PASSWORD });
      expect(res.status).to.equal(201);
      expect(res.body.user).to.deep.equal(ADA);
      expect(res.body).to.have.all.keys('accessToken', 'refreshToken', 'user');
      expect(JSON.stringify(res.body)).not.to.include('$2b$');
      expect(users.provider.findByCredentials.calledOnceWith('ada', PASSWORD)).to.equal(true);
    });

    it('when it signs, the tokens carry the identity, type, session and unique ids with HS256', async () => {
      const { body } = await request(served.url)
        .post('/auth/login')
        .send({ username: 'ada', password: PASSWORD });
      const access = jwt.decode(body.accessToken, { complete: true })!;
      const refresh = jwt.decode(body.refreshToken, { complete: true })!;
      expect(access.header.alg).to.equal('HS256');
      const claims = access.payload as TokenClaims;
      expect(claims).to.include({ sub: 1, username: 'ada', email: 'ada@example.com', role: 'developer' });
      expect(claims.permissions).to.deep.equal(ADA.permissions);
      expect(claims.type).to.equal('access');
      expect(claims.exp - claims.iat).to.equal(60);
      const refreshClaims = refresh.payload as TokenClaims;
      expect(refreshClaims.type).to.equal('refresh');
      expect(refreshClaims.exp - refreshClaims.iat).to.equal(600);
      expect(refreshClaims.sid).to.equal(claims.sid);
      expect(refreshClaims.jti).not.to.equal(claims.jti);
    });

    it('when one user logs in twice, each login is its own session', async () => {
      const login = () =>
        request(served.url).post('/auth/login').send({ username: 'ada', password: PASSWORD });
      const [first, second] = [(await login()).body, (await login()).body];
      const sid = (token: string) => (jwt.decode(token) as TokenClaims).sid;
      expect(sid(first.accessToken)).not.to.equal(sid(second.accessToken));
      await request(served.url).get('/me').set('authorization', bearer(first.accessToken)).expect(200);
      await request(served.url).get('/me').set('authorization', bearer(second.accessToken)).expect(200);
    });

    it('when the password is wrong, it answers 401 Credenciales inválidas', async () => {
      const res = await request(served.url)
        .post('/auth/login')
        .send({ username: 'ada', password: 'Wrong-pass-1!' });
      expect(res.status).to.equal(401);
      expect(res.body).to.deep.equal({
        statusCode: 401,
        error: 'Unauthorized',
        message: 'Credenciales inválidas',
        code: 'UNAUTHENTICATED',
      });
    });

    it('when the user is unknown, it answers the same 401', async () => {
      const res = await request(served.url)
        .post('/auth/login')
        .send({ username: 'nobody', password: PASSWORD });
      expect(res.status).to.equal(401);
      expect(res.body.message).to.equal('Credenciales inválidas');
    });

    it('when the provider checks the password itself and returns the user without a hash, it logs in', async () => {
      const checked = sinon.spy();
      users.provider.findByCredentials.callsFake(async (username, password) => {
        checked(username, password);
        return username === 'nohash' && password === PASSWORD
          ? { id: 9, username: 'nohash', email: 'n@example.com', role: 'viewer', permissions: [] }
          : null;
      });
      users.records.set(9, {
        id: 9,
        username: 'nohash',
        email: 'n@example.com',
        role: 'viewer',
        permissions: [],
      });
      const res = await request(served.url)
        .post('/auth/login')
        .send({ username: 'nohash', password: PASSWORD })
        .expect(201);
      expect(res.body.user).to.deep.include({ id: 9, username: 'nohash', role: 'viewer' });
      await request(served.url).get('/me').set('authorization', bearer(res.body.accessToken)).expect(200);
      // The provider's null is its verdict: a wrong password is the same 401 as an unknown user.
      await request(served.url)
        .post('/auth/login')
        .send({ username: 'nohash', password: 'Wrong-pass-1!' })
        .expect(401, {
          statusCode: 401,
          error: 'Unauthorized',
          message: 'Credenciales inválidas',
          code: 'UNAUTHENTICATED',
        });
      expect(checked.calledWith('nohash', 'Wrong-pass-1!')).to.equal(true);
    });

    it('when the provider returns a record with a hash, Trellis verifies the password against it', async () => {
      // ada's record carries a bcrypt hash: the provider did not check anything.
      await request(served.url).post('/auth/login').send({ username: 'ada', password: PASSWORD }).expect(201);
      await request(served.url)
        .post('/auth/login')
        .send({ username: 'ada', password: 'Wrong-pass-1!' })
        .expect(401);
    });

    it('when the record has an empty hash, it refuses the login', async () => {
      users.records.set(9, {
        id: 9,
        username: 'emptyhash',
        role: 'viewer',
        permissions: [],
        passwordHash: '',
      });
      await request(served.url)
        .post('/auth/login')
        .send({ username: 'emptyhash', password: PASSWORD })
        .expect(401);
    });

    it('when the body lacks the password, it answers 422 before reaching the provider', async () => {
      await request(served.url).post('/auth/login').send({ username: 'ada' }).expect(422);
      expect(users.provider.findByCredentials.called).to.equal(false);
    });

    it('when called with values that are not strings, it refuses without asking the provider', async () => {
      const auth = served.app.container.get(AuthService);
      const error = await auth.login(undefined as never, {} as never).catch((err: unknown) => err);
      expect(error).to.have.property('statusCode', 401);
      expect(users.provider.findByCredentials.called).to.equal(false);
    });
  });
});

describe('auth: password hashing', () => {
  forEachEngine((engine) => {
    let served: Served | undefined;
    afterEach(async () => {
      await served?.close();
      served = undefined;
      sinon.restore();
    });

    it('when the user is unknown, it still runs bcrypt against a hash of the configured cost', async () => {
      const users = await stubUsers();
      const verifyPassword = sinon.spy((password: string, hash: string) => bcrypt.compare(password, hash));
      const hashPassword = sinon.spy((password: string) => bcrypt.hash(password, 4));
      served = await serve(
        authApp(engine, users, { userProvider: { ...users.provider, verifyPassword, hashPassword } }),
      );
      await request(served.url)
        .post('/auth/login')
        .send({ username: 'nobody', password: PASSWORD })
        .expect(401);
      expect(verifyPassword.calledOnce).to.equal(true);
      const [password, dummyHash] = verifyPassword.firstCall.args;
      expect(password).to.equal(PASSWORD);
      expect(bcrypt.getRounds(dummyHash)).to.equal(4);
      // The dummy hash was made once, at ready(), not during the request.
      expect(hashPassword.calledOnce).to.equal(true);
      await request(served.url)
        .post('/auth/login')
        .send({ username: 'ghost', password: PASSWORD })
        .expect(401);
      expect(hashPassword.calledOnce).to.equal(true);
      expect(verifyPassword.secondCall.args[1]).to.equal(dummyHash);
    });

    it('at the reference cost (10, the default), an unknown user takes about as long as a wrong password', async () => {
      const users = await stubUsers(undefined, 10);
      // No bcryptRounds: the module's default applies.
      // No spacing after a failure: the same username fails again at once.
      served = await serve(authApp(engine, users, { bcryptRounds: undefined, loginFailureSpacingMs: 0 }));
      const auth = served.app.container.get(AuthService);
      expect(bcrypt.getRounds(await auth.hashPassword(PASSWORD))).to.equal(10);
      const time = async (username: string) => {
        const started = process.hrtime.bigint();
        await request(served!.url)
          .post('/auth/login')
          .send({ username, password: 'Wrong-pass-1!' })
          .expect(401);
        return Number(process.hrtime.bigint() - started) / 1e6;
      };
      const known: number[] = [];
      const unknown: number[] = [];
      for (let i = 0; i < 3; i++) {
        known.push(await time('ada'));
        unknown.push(await time('nobody'));
      }
      const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
      // Loose on purpose: without the dummy verification an unknown user answers in about 1 ms.
      expect(mean(unknown)).to.be.greaterThan(mean(known) / 2);
      await request(served.url).post('/auth/login').send({ username: 'ada', password: PASSWORD }).expect(201);
    });

    it('when the hashing queue is full, a login is answered 503 with Retry-After: 1 at once', async () => {
      const users = await stubUsers();
      // One verification at a time: each waits on a gate the spec opens.
      const gates: (() => void)[] = [];
      const verifyPassword = (_password: string, _hash: string) =>
        new Promise<boolean>((resolve) => gates.push(() => resolve(false)));
      served = await serve(
        authApp(engine, users, {
          userProvider: { ...users.provider, verifyPassword, hashPassword: async () => 'dummy' },
          hashQueueLimit: 1,
          loginsPerUsername: 100,
        }),
      );
      const auth = served.app.container.get(AuthService);
      const login = () =>
        request(served!.url).post('/auth/login').send({ username: 'ada', password: 'Wrong-pass-1!' });
      const queue = auth.hashingQueue;
      // Every slot busy and one login waiting: the queue is full.
      const pending = Array.from({ length: queue.limit + 1 }, () => login().then((res) => res));
      for (let i = 0; i < 400 && (queue.active < queue.limit || queue.queued < 1); i++)
        await new Promise((resolve) => setTimeout(resolve, 5));
      expect(queue.queued).to.equal(1);
      expect(queue.maxQueued).to.equal(1);
      const refused = await login();
      expect(refused.status).to.equal(503);
      expect(refused.headers['retry-after']).to.equal('1');
      expect(refused.body).to.include({ statusCode: 503, error: 'Service Unavailable' });
      for (let i = 0; i < 400 && (gates.length > 0 || queue.active > 0); i++) {
        for (const open of gates.splice(0)) open();
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      for (const res of await Promise.all(pending)) expect(res.status).to.equal(401);
    });

    it('hashes off the event loop: other callbacks run while bcrypt works', async () => {
      const users = await stubUsers();
      served = await serve(authApp(engine, users, { bcryptRounds: 10 }));
      const auth = served.app.container.get(AuthService);
      let hashed = false;
      const hashing = auth.hashPassword(PASSWORD).then((hash) => {
        hashed = true;
        return hash;
      });
      await new Promise((resolve) => setImmediate(resolve));
      expect(hashed).to.equal(false);
      const hash = await hashing;
      expect(await auth.verifyPassword(PASSWORD, hash)).to.equal(true);
      expect(await auth.verifyPassword('Other-pass-1!', hash)).to.equal(false);
    });
  });
});
