import { expect } from 'chai';
import request from 'supertest';
import type { LoginResult } from '../../../modules/auth';
import { DatabaseTokenDenyList } from '../../../modules/auth/database/database-token-deny-list';
import { DatabaseTokenStore } from '../../../modules/auth/database/database-token-store';
import { TokenDenyList } from '../../../modules/auth/token-deny-list';
import { TokenStore } from '../../../modules/auth/token-store';
import { databaseModule } from '../../../modules/database';
import { forEachDatabase } from '../../support/databases';
import { forEachEngine } from '../../support/engines';
import { type Served, serve } from '../../support/serve';
import { authApp, bearer, PASSWORD, type StubbedUsers, stubUsers } from './auth-fixtures';

describe('auth: sessions in the database module', () => {
  forEachDatabase((database) => {
    forEachEngine((engine) => {
      let users: StubbedUsers;
      let url: string;
      let served: Served;
      const start = async () => {
        served = await serve(authApp(engine, users).install(databaseModule, { url }));
      };
      beforeEach(async () => {
        users = await stubUsers();
        url = await database.url();
        await start();
      });
      afterEach(() => served.close());
      const restart = async () => {
        await served.close();
        await start();
      };

      const login = async (): Promise<LoginResult> =>
        (
          await request(served.url)
            .post('/auth/login')
            .send({ username: 'ada', password: PASSWORD })
            .expect(201)
        ).body;
      const me = (token: string) => request(served.url).get('/me').set('authorization', bearer(token));

      it('keeps sessions and refused tokens in the database when no store is given', () => {
        expect(served.app.container.get(TokenStore)).to.be.instanceOf(DatabaseTokenStore);
        expect(served.app.container.get(TokenDenyList)).to.be.instanceOf(DatabaseTokenDenyList);
      });

      it('a restart keeps the user logged in: the access token works and the refresh token rotates', async () => {
        const session = await login();
        await restart();
        await me(session.accessToken).expect(200);
        const { body: next } = await request(served.url)
          .post('/auth/refresh')
          .send({ refreshToken: session.refreshToken })
          .expect(201);
        await me(next.accessToken).expect(200);
        // The rotated-out token replayed ends the session, across the restart too.
        await request(served.url)
          .post('/auth/refresh')
          .send({ refreshToken: session.refreshToken })
          .expect(401);
        await me(next.accessToken).expect(401);
      });

      it('a logged-out access token is still refused after a restart', async () => {
        const session = await login();
        await request(served.url)
          .post('/auth/logout')
          .set('authorization', bearer(session.accessToken))
          .expect(204);
        await restart();
        const res = await me(session.accessToken);
        expect(res.status).to.equal(401);
        expect(res.body.message).to.equal('Token revocado');
        await request(served.url)
          .post('/auth/refresh')
          .send({ refreshToken: session.refreshToken })
          .expect(401);
      });

      it('of two refreshes racing with one token, exactly one is answered with a new pair', async () => {
        const session = await login();
        const answers = await Promise.all(
          [1, 2].map(() =>
            request(served.url).post('/auth/refresh').send({ refreshToken: session.refreshToken }),
          ),
        );
        expect(answers.map((res) => res.status).sort()).to.deep.equal([201, 401]);
      });
    });
  });
});
