import { expect } from 'chai';
import jwt from 'jsonwebtoken';
import request from 'supertest';
import { type TokenClaims, type TokenPair, TokenStore } from '../../../modules/auth';
import { forEachEngine } from '../../support/engines';
import { type Served, serve } from '../../support/serve';
import { authApp, bearer, PASSWORD, SECRET, type StubbedUsers, stubUsers } from './auth-fixtures';

const INVALID_REFRESH = {
  statusCode: 401,
  error: 'Unauthorized',
  message: 'Token de actualización inválido',
  code: 'UNAUTHENTICATED',
};

describe('auth: refresh', () => {
  forEachEngine((engine) => {
    let users: StubbedUsers;
    let served: Served;
    let tokens: TokenPair;

    beforeEach(async () => {
      users = await stubUsers();
      served = await serve(authApp(engine, users));
      ({ body: tokens } = await request(served.url)
        .post('/auth/login')
        .send({ username: 'ada', password: PASSWORD }));
    });
    afterEach(() => served.close());

    const refresh = (refreshToken: unknown) =>
      request(served.url).post('/auth/refresh').send({ refreshToken });
    const me = (token: string) => request(served.url).get('/me').set('authorization', bearer(token));
    const claimsOf = (token: string) => jwt.decode(token) as TokenClaims;

    it('when the refresh token is current, it gives a new pair in the same session', async () => {
      const res = await refresh(tokens.refreshToken);
      expect(res.status).to.equal(201);
      expect(res.body).to.have.all.keys('accessToken', 'refreshToken');
      expect(claimsOf(res.body.refreshToken).sid).to.equal(claimsOf(tokens.refreshToken).sid);
      expect(claimsOf(res.body.refreshToken).jti).not.to.equal(claimsOf(tokens.refreshToken).jti);
      await me(res.body.accessToken).expect(200);
      expect(users.provider.findById.calledOnceWith(1)).to.equal(true);
    });

    it('when the new refresh token is used in turn, rotation goes on', async () => {
      let current = tokens;
      for (let i = 0; i < 3; i++) {
        const res = await refresh(current.refreshToken).expect(201);
        current = res.body;
      }
      await me(current.accessToken).expect(200);
    });

    it('when an access token is presented as a refresh token, it answers 401', async () => {
      const res = await refresh(tokens.accessToken);
      expect(res.status).to.equal(401);
      expect(res.body).to.deep.equal(INVALID_REFRESH);
      await refresh(tokens.refreshToken).expect(201);
    });

    it('when the refresh token is forged, expired or garbage, it answers 401', async () => {
      const claims = claimsOf(tokens.refreshToken);
      const forged = jwt.sign(claims, 'another-secret-of-the-same-length-000000', { algorithm: 'HS256' });
      const past = Math.floor(Date.now() / 1000) - 60;
      const expired = jwt.sign({ ...claims, iat: past - 60, exp: past }, SECRET, { algorithm: 'HS256' });
      for (const bad of [forged, expired, 'garbage', '']) {
        const res = await refresh(bad);
        expect(res.status).to.equal(401);
        expect(res.body).to.deep.equal(INVALID_REFRESH);
      }
    });

    it('when a rotated refresh token is replayed, it ends the whole session', async () => {
      const { body: next } = await refresh(tokens.refreshToken).expect(201);
      const replay = await refresh(tokens.refreshToken);
      expect(replay.status).to.equal(401);
      expect(replay.body).to.deep.equal(INVALID_REFRESH);
      // The thief's replay cost the legitimate holder the session too: every token of it is dead.
      await refresh(next.refreshToken).expect(401);
      const res = await me(next.accessToken);
      expect(res.status).to.equal(401);
      expect(res.body.message).to.equal('Token revocado');
      await me(tokens.accessToken).expect(401);
    });

    it('when a session ends by replay, the other sessions of the user go on', async () => {
      const { body: other } = await request(served.url)
        .post('/auth/login')
        .send({ username: 'ada', password: PASSWORD });
      await refresh(tokens.refreshToken).expect(201);
      await refresh(tokens.refreshToken).expect(401);
      await me(other.accessToken).expect(200);
      await refresh(other.refreshToken).expect(201);
    });

    it('when two refreshes race with one token, exactly one wins', async () => {
      const [a, b] = await Promise.all([refresh(tokens.refreshToken), refresh(tokens.refreshToken)]);
      expect([a.status, b.status].sort()).to.deep.equal([201, 401]);
    });

    it('when the user was deleted, it cannot refresh and its session ends', async () => {
      users.records.delete(1);
      await refresh(tokens.refreshToken).expect(401);
      users.records.set(1, { id: 1, username: 'ada', role: 'developer', permissions: [] });
      await refresh(tokens.refreshToken).expect(401);
      await me(tokens.accessToken).expect(401);
    });

    it('when the role changed, the refreshed tokens carry the current role and permissions', async () => {
      const record = users.records.get(1)!;
      users.records.set(1, { ...record, role: 'manager', permissions: ['users.read'] });
      const { body: next } = await refresh(tokens.refreshToken).expect(201);
      const { body: user } = await me(next.accessToken).expect(200);
      expect(user.role).to.equal('manager');
      expect(user.permissions).to.deep.equal(['users.read']);
      const { body: before } = await me(tokens.accessToken).expect(200);
      expect(before.role).to.equal('developer');
    });

    it('when the session expired in the store, the refresh token is refused', async () => {
      await served.app.container.get(TokenStore).endSession(claimsOf(tokens.refreshToken).sid);
      await refresh(tokens.refreshToken).expect(401);
    });
  });
});
