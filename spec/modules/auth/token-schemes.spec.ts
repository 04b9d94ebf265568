import { expect } from 'chai';
import request from 'supertest';
import { z } from 'zod';
import { Auth, type AuthOptions, AuthService, type UserProvider } from '../../../modules/auth';
import type { AuthenticatedUser } from '../../../modules/auth/caller';
import {
  CurrentUser,
  createApp,
  OnMessage,
  Query,
  Resolver,
  WebSocket,
  type WebSocketConnection,
} from '../../../src';
import type { EngineName } from '../../../src/engine/engine';
import { postGraphql } from '../../src/graphql/graphql-client';
import { refusal, TestClient, wsUrl } from '../../src/websocket/support/ws-client';
import { forEachEngine } from '../../support/engines';
import { expectThrowsCode } from '../../support/expect-code';
import { type Served, serve } from '../../support/serve';
import { ADA, FAST_ROUNDS, MeController, PASSWORD, SECRET, stubUsers } from './auth-fixtures';

@Auth()
@WebSocket('/live')
class LiveGateway {
  @OnMessage()
  message(client: WebSocketConnection) {
    return { you: client.user?.username };
  }
}

@Resolver()
class WhoResolver {
  @Auth()
  @Query(z.string())
  who(@CurrentUser() user: AuthenticatedUser) {
    return user.username;
  }
}

const MALFORMED = 'Cabecera Authorization mal formada: se espera';

function appWith(engine: EngineName, scheme: AuthOptions['scheme'], userProvider: UserProvider) {
  return createApp({
    engine,
    controllers: [MeController],
    gateways: [LiveGateway],
    resolvers: [WhoResolver],
  }).install('auth', {
    jwt: { secret: SECRET, accessTokenTTL: 60, refreshTokenTTL: 600 },
    userProvider,
    bcryptRounds: FAST_ROUNDS,
    scheme,
  });
}

describe('auth: the Authorization scheme (install("auth", { scheme }))', () => {
  forEachEngine((engine) => {
    let served: Served;
    let token: string;
    const me = (authorization?: string) => {
      const req = request(served.url).get('/me');
      return authorization === undefined ? req : req.set('authorization', authorization);
    };
    const start = async (scheme: AuthOptions['scheme']) => {
      const users = await stubUsers();
      served = await serve(appWith(engine, scheme, users.provider));
      ({ accessToken: token } = await served.app.container.get(AuthService).login('ada', PASSWORD));
    };
    const clients: TestClient[] = [];
    afterEach(async () => {
      for (const client of clients.splice(0)) client.socket.terminate();
      await served?.close();
    });

    describe("with scheme: 'Token'", () => {
      beforeEach(() => start('Token'));

      it('reads "Token <jwt>" whatever the case of the word', async () => {
        for (const word of ['Token', 'token', 'TOKEN', 'tOkEn'])
          expect((await me(`${word} ${token}`).expect(200)).body, word).to.deep.equal(ADA);
      });

      it('refuses "Bearer <jwt>" with 401, naming Token in WWW-Authenticate and in the message', async () => {
        const res = await me(`Bearer ${token}`).expect(401);
        expect(res.headers['www-authenticate']).to.equal('Token');
        expect(res.body).to.deep.include({
          code: 'UNAUTHENTICATED',
          message: `${MALFORMED} "Token <token>"`,
        });
      });

      it('names Token in WWW-Authenticate on every 401: no token, and a bad one', async () => {
        const missing = await me().expect(401);
        expect(missing.headers['www-authenticate']).to.equal('Token');
        expect(missing.body.message).to.equal('Token no proporcionado');
        const bad = await me('Token not.a.jwt').expect(401);
        expect(bad.headers['www-authenticate']).to.equal('Token');
        expect(bad.body.message).to.equal('Token inválido');
      });

      it('reads it on a WebSocket upgrade, and refuses a Bearer header there', async () => {
        const client = await TestClient.connect(wsUrl(served.url, '/live'), {
          headers: { authorization: `token ${token}` },
        });
        clients.push(client);
        expect(await client.ask({ hi: 1 })).to.deep.equal({ you: 'ada' });
        const refused = await refusal(wsUrl(served.url, '/live'), {
          headers: { authorization: `Bearer ${token}` },
        });
        expect(refused.status).to.equal(401);
        expect(refused.headers['www-authenticate']).to.equal('Token');
      });

      it('reads it on a GraphQL operation', async () => {
        const res = await postGraphql(served.url, '{ who }', {
          headers: { authorization: `Token ${token}` },
        });
        expect(res.body).to.deep.equal({ data: { who: 'ada' } });
      });

      it('documents the Authorization header as an API key of the form "Token <jwt>"', async () => {
        const { body: doc } = await request(served.url).get('/openapi.json').expect(200);
        expect(doc.components.securitySchemes).to.have.all.keys('tokenAuth');
        expect(doc.components.securitySchemes.tokenAuth).to.deep.include({
          type: 'apiKey',
          in: 'header',
          name: 'Authorization',
        });
        expect(doc.components.securitySchemes.tokenAuth.description).to.include('`Token <jwt>`');
        expect(doc.paths['/me'].get.security).to.deep.equal([{ tokenAuth: [] }]);
      });
    });

    describe("with scheme: ['Bearer', 'Token']", () => {
      beforeEach(() => start(['Bearer', 'Token']));

      it('reads either word, in any case', async () => {
        for (const word of ['Bearer', 'BEARER', 'Token', 'token'])
          expect((await me(`${word} ${token}`).expect(200)).body, word).to.deep.equal(ADA);
      });

      it('refuses another scheme with 401 naming the first one, Bearer, and both forms in the message', async () => {
        const res = await me(`Basic ${Buffer.from('ada:x').toString('base64')}`).expect(401);
        expect(res.headers['www-authenticate']).to.equal('Bearer');
        expect(res.body.message).to.equal(`${MALFORMED} "Bearer <token>" o "Token <token>"`);
      });

      it('documents both schemes, either one satisfying a guarded operation', async () => {
        const { body: doc } = await request(served.url).get('/openapi.json').expect(200);
        expect(doc.components.securitySchemes.bearerAuth).to.deep.equal({
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
        });
        expect(doc.components.securitySchemes.tokenAuth).to.include({
          type: 'apiKey',
          name: 'Authorization',
        });
        expect(doc.paths['/me'].get.security).to.deep.equal([{ bearerAuth: [] }, { tokenAuth: [] }]);
      });
    });
  });

  describe('the option', () => {
    const nobody: UserProvider = { findByCredentials: () => null, findById: () => null };
    const invalid = (scheme: unknown) =>
      expectThrowsCode(
        () => appWith('express', scheme as AuthOptions['scheme'], nobody),
        'TRELLIS_ERR_INVALID_OPTION',
      ).message;

    it('refuses a word with a space, an empty list and a word named twice in another case', () => {
      expect(invalid('Bearer Token')).to.match(/auth\.scheme: must be one word/);
      expect(invalid([])).to.match(/auth\.scheme: must name at least one scheme/);
      expect(invalid(['Token', 'token'])).to.match(/auth\.scheme: must not name a scheme twice/);
    });

    it('in English, names the accepted forms in the malformed-header text', async () => {
      const users = await stubUsers();
      const app = createApp({ controllers: [MeController], messages: 'en' }).install('auth', {
        jwt: { secret: SECRET, accessTokenTTL: 60, refreshTokenTTL: 600 },
        userProvider: users.provider,
        bcryptRounds: FAST_ROUNDS,
        scheme: ['Token', 'Bearer'],
      });
      const res = await app.inject({ method: 'GET', url: '/me', headers: { authorization: 'Basic eA==' } });
      expect(res.statusCode).to.equal(401);
      expect(res.headers['www-authenticate']).to.equal('Token');
      expect(res.json().message).to.equal(
        'Malformed Authorization header: expected "Token <token>" or "Bearer <token>"',
      );
      await app.close();
    });
  });
});
