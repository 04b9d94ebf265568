import { expect } from 'chai';
import jwt from 'jsonwebtoken';
import sinon from 'sinon';
import request from 'supertest';
import { type TokenClaims, TokenDenyList } from '../../../modules/auth';
import type { RequestContext } from '../../../src/http/request-context';
import { compileGuards } from '../../../src/kernel/guards/compile-guards';
import { forEachEngine } from '../../support/engines';
import { type Served, serve } from '../../support/serve';
import { ADA, authApp, bearer, PASSWORD, SECRET, type StubbedUsers, stubUsers } from './auth-fixtures';

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('auth: the Auth() guard', () => {
  forEachEngine((engine) => {
    let users: StubbedUsers;
    let served: Served;
    let tokens: { accessToken: string; refreshToken: string };
    let claims: TokenClaims;

    before(async () => {
      users = await stubUsers();
      served = await serve(authApp(engine, users));
    });
    after(() => served.close());
    beforeEach(async () => {
      ({ body: tokens } = await request(served.url)
        .post('/auth/login')
        .send({ username: 'ada', password: PASSWORD }));
      claims = jwt.decode(tokens.accessToken) as TokenClaims;
    });

    const me = (authorization?: string) => {
      const req = request(served.url).get('/me');
      return authorization === undefined ? req : req.set('authorization', authorization);
    };
    const expect401 = async (authorization: string | undefined, message: string) => {
      const res = await me(authorization);
      expect(res.status).to.equal(401);
      expect(res.headers['content-type']).to.match(/application\/json/);
      expect(res.headers['www-authenticate']).to.equal('Bearer');
      expect(res.body).to.deep.equal({
        statusCode: 401,
        error: 'Unauthorized',
        message,
        code: 'UNAUTHENTICATED',
      });
    };

    it('when the access token is valid, CurrentUser() is exactly the public identity', async () => {
      const res = await me(bearer(tokens.accessToken)).expect(200);
      expect(res.body).to.deep.equal(ADA);
    });

    it('when the scheme is written in lower or upper case, it still reads the token', async () => {
      await me(`bearer ${tokens.accessToken}`).expect(200);
      await me(`BEARER ${tokens.accessToken}`).expect(200);
    });

    it('when no token is sent, it answers 401', () => expect401(undefined, 'Token no proporcionado'));

    it('when the header is not "Bearer <token>", it answers 401', async () => {
      const malformed = 'Cabecera Authorization mal formada: se espera "Bearer <token>"';
      await expect401(`Basic ${Buffer.from('ada:x').toString('base64')}`, malformed);
      await expect401('Bearer', malformed);
      await expect401(`Bearer ${tokens.accessToken} extra`, malformed);
      await expect401(tokens.accessToken, malformed);
      // Another scheme word is accepted only when the module's `scheme` option names it.
      await expect401(`Token ${tokens.accessToken}`, malformed);
    });

    it('when the token is not a JWT, it answers 401', () => expect401('Bearer not.a.jwt', 'Token inválido'));

    it('when the signature is forged with another secret, it answers 401', async () => {
      const forged = jwt.sign({ ...claims, role: 'admin' }, 'another-secret-of-the-same-length-000000', {
        algorithm: 'HS256',
      });
      await expect401(bearer(forged), 'Token inválido');
    });

    it('when the payload is altered after signing, it answers 401', async () => {
      const [header, , signature] = tokens.accessToken.split('.');
      const tampered = `${header}.${base64url({ ...claims, role: 'admin' })}.${signature}`;
      await expect401(bearer(tampered), 'Token inválido');
    });

    it('when the token claims alg none, it answers 401', async () => {
      const unsigned = `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(claims)}.`;
      await expect401(bearer(unsigned), 'Token inválido');
    });

    it('when the token is signed with the right secret but another algorithm, it answers 401', async () => {
      const other = jwt.sign(claims, SECRET, { algorithm: 'HS512' });
      await expect401(bearer(other), 'Token inválido');
    });

    it('when the token has expired, it answers 401', async () => {
      const past = Math.floor(Date.now() / 1000) - 120;
      const expired = jwt.sign({ ...claims, iat: past - 60, exp: past }, SECRET, { algorithm: 'HS256' });
      await expect401(bearer(expired), 'Token expirado');
    });

    it('when its own lifetime runs out, the issued token stops working', async () => {
      await me(bearer(tokens.accessToken)).expect(200);
      const clock = sinon.useFakeTimers({ now: (claims.exp + 1) * 1000, toFake: ['Date'] });
      try {
        await expect401(bearer(tokens.accessToken), 'Token expirado');
      } finally {
        clock.restore();
      }
    });

    it('when a refresh token is used as an access token, it answers 401', () =>
      expect401(bearer(tokens.refreshToken), 'Token inválido'));

    it('when a well-signed token has no token type, it answers 401', async () => {
      const { type: _type, ...untyped } = claims;
      await expect401(bearer(jwt.sign(untyped, SECRET, { algorithm: 'HS256' })), 'Token inválido');
    });

    it('when the token was deny-listed, it answers 401', async () => {
      await me(bearer(tokens.accessToken)).expect(200);
      await served.app.container.get(TokenDenyList).add(claims.jti, claims.exp);
      await expect401(bearer(tokens.accessToken), 'Token revocado');
    });

    it('over HTTP, a token in the query string is not accepted', async () => {
      const res = await request(served.url).get('/me').query({ token: tokens.accessToken });
      expect(res.status).to.equal(401);
    });

    it('for a gateway, the token may come from the token query parameter', async () => {
      const [check] = compileGuards([{ kind: 'auth', module: 'auth', label: 'Auth()' }], served.app.guards, {
        className: 'ChatGateway',
        methodName: 'onConnect',
        transport: 'ws',
        container: served.app.container,
      });
      const upgrade = (query: Record<string, unknown>, headers = {}) =>
        ({ headers, query, params: {}, cookies: {} }) as unknown as RequestContext;
      const ctx = upgrade({ token: tokens.accessToken });
      await check(ctx);
      expect(ctx.user).to.deep.equal(ADA);
      const fromHeader = upgrade({}, { authorization: bearer(tokens.accessToken) });
      await check(fromHeader);
      expect(fromHeader.user?.username).to.equal('ada');
      // A check refuses by throwing, or by rejecting once it had to wait.
      const refusal = async (c: RequestContext) => {
        try {
          await check(c);
        } catch (err) {
          return err;
        }
      };
      const failures = await Promise.all(
        [upgrade({}), upgrade({ token: ['a', 'b'] }), upgrade({ token: tokens.refreshToken })].map(refusal),
      );
      for (const failure of failures) expect(failure).to.have.property('statusCode', 401);
    });
  });
});
