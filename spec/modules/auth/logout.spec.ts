import { expect } from 'chai';
import request from 'supertest';
import { AuthService, type LoginResult } from '../../../modules/auth';
import { forEachEngine } from '../../support/engines';
import { type Served, serve } from '../../support/serve';
import { authApp, bearer, PASSWORD, type StubbedUsers, stubUsers } from './auth-fixtures';

describe('auth: logout and revocation', () => {
  forEachEngine((engine) => {
    let users: StubbedUsers;
    let served: Served;

    beforeEach(async () => {
      users = await stubUsers();
      served = await serve(authApp(engine, users));
    });
    afterEach(() => served.close());

    const login = async (username = 'ada'): Promise<LoginResult> =>
      (await request(served.url).post('/auth/login').send({ username, password: PASSWORD }).expect(201)).body;
    const me = (token: string) => request(served.url).get('/me').set('authorization', bearer(token));
    const refresh = (refreshToken: string) =>
      request(served.url).post('/auth/refresh').send({ refreshToken });

    it('when the caller logs out, its access and refresh tokens stop working at once', async () => {
      const session = await login();
      await me(session.accessToken).expect(200);
      await request(served.url)
        .post('/auth/logout')
        .set('authorization', bearer(session.accessToken))
        .expect(204);
      const res = await me(session.accessToken);
      expect(res.status).to.equal(401);
      expect(res.body.message).to.equal('Token revocado');
      await refresh(session.refreshToken).expect(401);
      await request(served.url)
        .post('/auth/logout')
        .set('authorization', bearer(session.accessToken))
        .expect(401);
    });

    it('when the caller logs out, its other sessions stay alive', async () => {
      const [phone, laptop] = [await login(), await login()];
      await request(served.url)
        .post('/auth/logout')
        .set('authorization', bearer(phone.accessToken))
        .expect(204);
      await me(laptop.accessToken).expect(200);
      await refresh(laptop.refreshToken).expect(201);
    });

    it('when the session was refreshed, logging out with the new access token kills the old one too', async () => {
      const session = await login();
      const { body: next } = await refresh(session.refreshToken).expect(201);
      await request(served.url)
        .post('/auth/logout')
        .set('authorization', bearer(next.accessToken))
        .expect(204);
      await me(session.accessToken).expect(401);
      await me(next.accessToken).expect(401);
      await refresh(next.refreshToken).expect(401);
    });

    it('when logout is called with a user the guard did not make, it refuses', async () => {
      const auth = served.app.container.get(AuthService);
      const error = await auth
        .logout({ id: 1, username: 'ada', role: 'developer', permissions: [] })
        .catch((err: unknown) => err);
      expect(error).to.have.property('statusCode', 401);
    });

    it('when every session of a user is revoked, all its tokens die and other users are untouched', async () => {
      const [phone, laptop, grace] = [await login(), await login(), await login('grace')];
      await served.app.container.get(AuthService).revokeAllSessions(1);
      for (const session of [phone, laptop]) {
        await me(session.accessToken).expect(401);
        await refresh(session.refreshToken).expect(401);
      }
      await me(grace.accessToken).expect(200);
      await refresh(grace.refreshToken).expect(201);
      const fresh = await login();
      await me(fresh.accessToken).expect(200);
    });
  });
});
