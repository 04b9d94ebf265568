import { expect } from 'chai';
import request from 'supertest';
import type { AuthOptions } from '../../../../modules/auth';
import { createApp } from '../../../../src/app/create-app';
import { forEachEngine } from '../../../support/engines';
import { expectThrowsCode } from '../../../support/expect-code';
import { rateLimitOf } from '../../../support/rate-limit-fields';
import { type Served, serve } from '../../../support/serve';
import { ADA, authApp, bearer, PASSWORD, SECRET, type StubbedUsers, stubUsers } from '../auth-fixtures';

describe('auth: the reference endpoints (routes option)', () => {
  forEachEngine((engine) => {
    let users: StubbedUsers;
    let served: Served | undefined;
    beforeEach(async () => {
      users = await stubUsers();
    });
    afterEach(async () => {
      await served?.close();
      served = undefined;
    });

    const start = async (options: Partial<AuthOptions>) => {
      served = await serve(authApp(engine, users, options, []));
      return served.url;
    };
    const login = (url: string, username = 'ada', password = PASSWORD, prefix = '/auth') =>
      request(url).post(`${prefix}/login`).send({ username, password });

    it('with routes: true, login answers 200 with the tokens and who logged in, never cached', async () => {
      const url = await start({ routes: true });
      const res = await login(url).expect(200);
      expect(res.body).to.have.all.keys('accessToken', 'refreshToken', 'user');
      expect(res.body.user).to.deep.equal({
        id: 1,
        username: 'ada',
        email: 'ada@example.com',
        role: 'developer',
      });
      expect(res.headers['cache-control']).to.equal('no-store');
      await request(url).get('/auth/me').set('authorization', bearer(res.body.accessToken)).expect(200);
    });

    it('when the password is wrong, login answers 401 with the module text', async () => {
      const url = await start({ routes: true });
      const res = await login(url, 'ada', 'wrong-password').expect(401);
      expect(res.body).to.include({ statusCode: 401, message: 'Credenciales inválidas' });
    });

    it('when the body is not credentials, login answers 422 without asking the user provider', async () => {
      const url = await start({ routes: true });
      const res = await request(url).post('/auth/login').send({ username: 'ada' }).expect(422);
      expect(res.body.details[0].path).to.equal('body.password');
      expect(users.provider.findByCredentials.called).to.equal(false);
      await request(url).post('/auth/refresh').send({}).expect(422);
    });

    it('refresh answers 200 with a new pair, and the refresh token traded is dead', async () => {
      const url = await start({ routes: true });
      const { body: session } = await login(url).expect(200);
      const res = await request(url)
        .post('/auth/refresh')
        .send({ refreshToken: session.refreshToken })
        .expect(200);
      expect(res.body).to.have.all.keys('accessToken', 'refreshToken');
      expect(res.headers['cache-control']).to.equal('no-store');
      const replay = await request(url).post('/auth/refresh').send({ refreshToken: session.refreshToken });
      expect(replay.status).to.equal(401);
      expect(replay.body.message).to.equal('Token de actualización inválido');
    });

    it('me answers the caller as the user provider has it now, and 404 once the user is gone', async () => {
      const url = await start({ routes: true });
      const { body: session } = await login(url).expect(200);
      users.records.set(1, { ...users.records.get(1)!, role: 'manager', permissions: ['users.read'] });
      const me = await request(url)
        .get('/auth/me')
        .set('authorization', bearer(session.accessToken))
        .expect(200);
      expect(me.body).to.deep.equal({ ...ADA, role: 'manager', permissions: ['users.read'] });
      users.records.delete(1);
      const gone = await request(url)
        .get('/auth/me')
        .set('authorization', bearer(session.accessToken))
        .expect(404);
      expect(gone.body.message).to.equal('Usuario no encontrado');
      await request(url).get('/auth/me').expect(401);
    });

    it('logout answers 200 with a message and ends the session at once', async () => {
      const url = await start({ routes: true, messages: { loggedOut: 'Bye' } });
      const { body: session } = await login(url).expect(200);
      const res = await request(url)
        .post('/auth/logout')
        .set('authorization', bearer(session.accessToken))
        .expect(200);
      expect(res.body).to.deep.equal({ message: 'Bye' });
      await request(url).get('/auth/me').set('authorization', bearer(session.accessToken)).expect(401);
      await request(url).post('/auth/refresh').send({ refreshToken: session.refreshToken }).expect(401);
      await request(url).post('/auth/logout').expect(401);
    });

    it('with a prefix, the endpoints are there and not under /auth', async () => {
      const url = await start({ routes: { prefix: '/api/session' } });
      const { body: session } = await login(url, 'ada', PASSWORD, '/api/session').expect(200);
      await request(url).get('/api/session/me').set('authorization', bearer(session.accessToken)).expect(200);
      await login(url).expect(404);
    });

    it('without the option, no endpoint is mounted', async () => {
      const url = await start({});
      await login(url).expect(404);
    });

    it('when failed logins of one username reach the limit, every attempt is 429 until the window ends', async () => {
      const url = await start({ routes: { loginLimit: { max: 2 } }, loginFailureSpacingMs: 0 });
      await login(url, 'ada', 'wrong-password').expect(401);
      await login(url, 'ada', 'wrong-password').expect(401);
      const refused = await login(url).expect(429);
      expect(refused.body.statusCode).to.equal(429);
      expect(refused.body.message).to.equal('Demasiados intentos de inicio de sesión; inténtelo más tarde');
      expect(Number(refused.headers['retry-after'])).to.be.greaterThan(0);
      const fields = rateLimitOf(refused.headers);
      expect(fields).to.deep.include({ name: 'login', limit: 2, window: 900, remaining: 0 });
      expect(fields.reset).to.equal(Number(refused.headers['retry-after']));
      await login(url, 'grace').expect(200);
    });

    it('successful logins do not use the allowance', async () => {
      const url = await start({ routes: { loginLimit: { max: 1, clientMax: 1 } } });
      for (let i = 0; i < 3; i++) await login(url).expect(200);
      await login(url, 'ada', 'wrong-password').expect(401);
      await login(url).expect(429);
    });

    it('failed logins across usernames are limited per client', async () => {
      const url = await start({ routes: { loginLimit: { max: 5, clientMax: 2 } } });
      await login(url, 'ada', 'wrong-password').expect(401);
      await login(url, 'grace', 'wrong-password').expect(401);
      await login(url, 'nobody', 'wrong-password').expect(429);
    });

    it('with loginLimit: false, the OpenAPI document still shows the 429 of a username just failed', async () => {
      const url = await start({ routes: { loginLimit: false }, loginFailureBurst: 1 });
      const { body: doc } = await request(url).get('/openapi.json').expect(200);
      expect(doc.paths['/auth/login'].post.responses).to.include.keys('200', '401', '422', '429');
      await login(url, 'ada', 'wrong-password').expect(401);
      await login(url).expect(429);
    });

    it('with loginLimit: false, failed logins are not limited', async () => {
      const url = await start({ routes: { loginLimit: false }, loginFailureSpacingMs: 0 });
      for (let i = 0; i < 7; i++) await login(url, 'ada', 'wrong-password').expect(401);
      await login(url).expect(200);
    });

    it('the OpenAPI document shows the endpoints, their answers and their bearer security', async () => {
      const url = await start({ routes: true });
      const { body: doc } = await request(url).get('/openapi.json').expect(200);
      expect(doc.paths['/auth/login'].post.responses).to.include.keys('200', '401', '422', '429');
      expect(doc.paths['/auth/refresh'].post.responses).to.include.keys('200', '401');
      expect(doc.paths['/auth/me'].get.security).to.deep.equal([{ bearerAuth: [] }]);
      expect(doc.paths['/auth/logout'].post.responses).to.include.keys('200', '401');
      expect(doc.paths['/auth/login'].post.security ?? []).to.deep.equal([]);
    });
  });

  describe('option checks', () => {
    const install = (routes: unknown) => () =>
      createApp().install('auth', {
        jwt: { secret: SECRET, accessTokenTTL: 60, refreshTokenTTL: 600 },
        userProvider: { findByCredentials: async () => null, findById: async () => null },
        routes,
      } as AuthOptions);
    const refusal = (routes: unknown) =>
      expectThrowsCode(install(routes), 'TRELLIS_ERR_INVALID_OPTION').message;

    it('refuses a prefix without a leading slash, a bad limit, an unknown key and a non-object', () => {
      expect(refusal({ prefix: 'auth' })).to.match(/^auth\.routes\.prefix: must start with "\/"/);
      expect(refusal({ loginLimit: { max: 0 } })).to.match(/^auth\.routes\.loginLimit\.max: /);
      expect(refusal({ prefx: '/auth' })).to.match(/^auth\.routes/);
      expect(refusal('yes')).to.match(/^auth\.routes: /);
    });
  });
});
