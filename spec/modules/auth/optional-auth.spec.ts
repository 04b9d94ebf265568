import { expect } from 'chai';
import jwt from 'jsonwebtoken';
import request from 'supertest';
import { Auth, AuthService, CurrentToken, type TokenClaims } from '../../../modules/auth';
import type { AuthenticatedUser } from '../../../modules/auth/caller';
import { MinimumRole } from '../../../modules/rbac';
import { REFERENCE_PERMISSIONS, REFERENCE_ROLES } from '../../../modules/reference';
import { Controller, CurrentUser, Get, OnMessage, WebSocket, type WebSocketConnection } from '../../../src';
import { refusal, TestClient, wsUrl } from '../../src/websocket/support/ws-client';
import { forEachEngine } from '../../support/engines';
import { type Served, serve } from '../../support/serve';
import { ADA, AuthController, authApp, bearer, GRACE, PASSWORD, SECRET, stubUsers } from './auth-fixtures';

@Controller('/articles')
class ArticlesController {
  @Get()
  @Auth({ optional: true })
  list(@CurrentUser() user?: AuthenticatedUser, @CurrentToken() token?: string) {
    return { user: user ?? null, token: token ?? null };
  }

  @Get('/drafts')
  @Auth({ optional: true })
  @MinimumRole('admin')
  drafts(@CurrentUser() user: AuthenticatedUser) {
    return { editor: user.username };
  }
}

// A plain Auth() on the class still requires a token on a method that says optional.
@Controller('/members')
@Auth()
class MembersController {
  @Get()
  @Auth({ optional: true })
  list(@CurrentUser() user?: AuthenticatedUser) {
    return { user: user ?? null };
  }
}

@Auth({ optional: true })
@WebSocket('/lobby')
class LobbyGateway {
  @OnMessage()
  message(client: WebSocketConnection) {
    return { you: client.user?.username ?? null };
  }
}

describe('auth: optional authentication (Auth({ optional: true }))', () => {
  forEachEngine((engine) => {
    let served: Served;
    const tokens: Record<'ada' | 'grace', string> = { ada: '', grace: '' };
    const clients: TestClient[] = [];

    before(async () => {
      const users = await stubUsers();
      const app = authApp(engine, users, {}, [AuthController, ArticlesController, MembersController])
        .install('rbac', { roles: REFERENCE_ROLES, permissions: REFERENCE_PERMISSIONS })
        .register(LobbyGateway);
      served = await serve(app);
    });
    beforeEach(async () => {
      const auth = served.app.container.get(AuthService);
      tokens.ada = (await auth.login('ada', PASSWORD)).accessToken;
      tokens.grace = (await auth.login('grace', PASSWORD)).accessToken;
    });
    afterEach(() => {
      for (const client of clients.splice(0)) client.socket.terminate();
    });
    after(() => served.close());

    const get = (path: string, authorization?: string) => {
      const req = request(served.url).get(path);
      return authorization === undefined ? req : req.set('authorization', authorization);
    };
    // The same route serves an anonymous call: the 401 is the token's, never the route's.
    const expect401 = async (authorization: string, message: string) => {
      await get('/articles').expect(200);
      const res = await get('/articles', authorization).expect(401);
      expect(res.headers['www-authenticate']).to.equal('Bearer');
      expect(res.body).to.deep.include({ code: 'UNAUTHENTICATED', message });
    };

    it('without an Authorization header, runs the handler with no user and no token', async () => {
      const res = await get('/articles').expect(200);
      expect(res.body).to.deep.equal({ user: null, token: null });
    });

    it('with a valid token, gives the caller and the token', async () => {
      const res = await get('/articles', bearer(tokens.ada)).expect(200);
      expect(res.body).to.deep.equal({ user: ADA, token: tokens.ada });
    });

    it('with a token that is not a valid JWT, answers 401 instead of serving anonymously', () =>
      expect401('Bearer not.a.jwt', 'Token inválido'));

    it('with an expired token, answers 401', async () => {
      const claims = jwt.decode(tokens.ada) as TokenClaims;
      const now = Math.floor(Date.now() / 1000);
      const expired = jwt.sign({ ...claims, iat: now - 120, exp: now - 60 }, SECRET, { algorithm: 'HS256' });
      await expect401(bearer(expired), 'Token expirado');
    });

    it('with the token of a session that logged out, answers 401', async () => {
      await request(served.url).post('/auth/logout').set('authorization', bearer(tokens.ada)).expect(204);
      await expect401(bearer(tokens.ada), 'Token revocado');
    });

    it('with a malformed Authorization header, answers 401', () =>
      expect401(
        `Basic ${Buffer.from('ada:x').toString('base64')}`,
        'Cabecera Authorization mal formada: se espera "Bearer <token>"',
      ));

    it('where the class has a plain Auth(), still requires a token', async () => {
      await get('/articles').expect(200);
      await get('/members').expect(401);
      expect((await get('/members', bearer(tokens.ada)).expect(200)).body).to.deep.equal({ user: ADA });
    });

    it('with MinimumRole, refuses an anonymous call with 401 and judges a caller by role', async () => {
      await get('/articles').expect(200);
      const anonymous = await get('/articles/drafts').expect(401);
      expect(anonymous.body.code).to.equal('UNAUTHENTICATED');
      await get('/articles/drafts', bearer(tokens.ada)).expect(403);
      const admin = await get('/articles/drafts', bearer(tokens.grace)).expect(200);
      expect(admin.body).to.deep.equal({ editor: GRACE.username });
    });

    it('on a gateway, lets an anonymous socket in and still refuses a bad token', async () => {
      const anonymous = await TestClient.connect(wsUrl(served.url, '/lobby'));
      clients.push(anonymous);
      expect(await anonymous.ask({ hi: 1 })).to.deep.equal({ you: null });
      const known = await TestClient.connect(wsUrl(served.url, '/lobby'), {
        headers: { authorization: bearer(tokens.ada) },
      });
      clients.push(known);
      expect(await known.ask({ hi: 1 })).to.deep.equal({ you: 'ada' });
      const refused = await refusal(wsUrl(served.url, '/lobby'), {
        headers: { authorization: 'Bearer not.a.jwt' },
      });
      expect(refused.status).to.equal(401);
    });

    it('is documented as optional on the operation, which keeps its bearer security and 401', async () => {
      const { body: doc } = await request(served.url).get('/openapi.json').expect(200);
      const list = doc.paths['/articles'].get;
      expect(list.security).to.deep.equal([{ bearerAuth: [] }]);
      expect(list.responses).to.have.property('401');
      expect(list.description).to.include('Authentication is optional');
      expect(doc.paths['/members'].get.description ?? '').not.to.include('Authentication is optional');
    });
  });
});
