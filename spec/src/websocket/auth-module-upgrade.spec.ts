import bcrypt from 'bcrypt';
import { expect } from 'chai';
import jwt from 'jsonwebtoken';
import sinon from 'sinon';
import {
  Auth,
  AuthService,
  createApp,
  MinimumRole,
  OnConnect,
  OnMessage,
  Permissions,
  REFERENCE_PERMISSIONS,
  REFERENCE_ROLES,
  type UserRecord,
  WebSocket,
  type WebSocketConnection,
} from '../../../index';
import type { AuthenticatedUser } from '../../../modules/auth/caller';
import { forEachEngine } from '../../support/engines';
import { type Served, serve } from '../../support/serve';
import { refusal, TestClient, wsUrl } from './support/ws-client';

const SECRET = 'websocket-spec-secret-0123456789-abcdef';
const PASSWORD = 'Spec-pass-123!';

const ADA: AuthenticatedUser = {
  id: 1,
  username: 'ada',
  email: 'ada@example.com',
  role: 'developer',
  permissions: ['tasks.read'],
};
const GRACE: AuthenticatedUser = {
  id: 2,
  username: 'grace',
  email: 'grace@example.com',
  role: 'admin',
  permissions: ['users.read', 'tasks.read'],
};

@Auth()
@WebSocket('/ws/team')
class TeamGateway {
  @OnConnect()
  connect(client: WebSocketConnection) {
    return { type: 'welcome', user: client.user };
  }

  @MinimumRole('admin')
  @OnMessage()
  message() {
    return { type: 'done' };
  }
}

@MinimumRole('admin')
@WebSocket('/ws/admin')
class AdminGateway {
  @OnConnect()
  connect() {
    return { type: 'welcome' };
  }
}

@Permissions('users.read')
@WebSocket('/ws/users')
class UsersGateway {
  @OnConnect()
  connect() {
    return { type: 'welcome' };
  }
}

describe('WebSocket upgrades with the auth and rbac modules', () => {
  forEachEngine((engine) => {
    let served: Served;
    let auth: AuthService;
    const clients: TestClient[] = [];
    const url = (path: string) => wsUrl(served.url, path);
    const connect = async (path: string, token?: string) => {
      const headers = token ? { authorization: `Bearer ${token}` } : undefined;
      const client = await TestClient.connect(url(path), { headers });
      clients.push(client);
      return client;
    };
    const loginAs = async (user: AuthenticatedUser) =>
      (await auth.login(user.username, PASSWORD)).accessToken;
    const expectRefused = async (path: string, status: number, message: string, token?: string) => {
      const headers = token ? { authorization: `Bearer ${token}` } : undefined;
      const refused = await refusal(url(path), { headers });
      expect(refused.status).to.equal(status);
      expect(refused.body).to.include({ statusCode: status, message });
    };

    before(async () => {
      const passwordHash = await bcrypt.hash(PASSWORD, 4);
      const records = new Map<string, UserRecord>(
        [ADA, GRACE].map((u) => [u.username, { ...u, passwordHash }]),
      );
      const userProvider = {
        findByCredentials: sinon.stub().callsFake(async (username: string) => records.get(username) ?? null),
        findById: sinon
          .stub()
          .callsFake(async (id: number) => [...records.values()].find((r) => r.id === id) ?? null),
      };
      const app = createApp({ engine, gateways: [TeamGateway, AdminGateway, UsersGateway] })
        .install('auth', {
          jwt: { secret: SECRET, accessTokenTTL: 60, refreshTokenTTL: 600 },
          userProvider,
          bcryptRounds: 4,
        })
        .install('rbac', { roles: REFERENCE_ROLES, permissions: REFERENCE_PERMISSIONS });
      served = await serve(app);
      auth = app.container.get(AuthService);
    });
    after(() => served.close());
    afterEach(() => {
      for (const client of clients.splice(0)) client.socket.terminate();
    });

    it('when no token is given, refuses with 401 and a Bearer challenge before the socket opens', async () => {
      const refused = await refusal(url('/ws/team'));
      expect(refused.status).to.equal(401);
      expect(refused.headers['content-type']).to.match(/^application\/json/);
      expect(refused.headers['www-authenticate']).to.equal('Bearer');
      expect(refused.body).to.deep.equal({
        statusCode: 401,
        error: 'Unauthorized',
        message: 'Token no proporcionado',
        code: 'UNAUTHENTICATED',
      });
    });

    it('when the token is signed with another secret, refuses with 401', async () => {
      const forged = jwt.sign({ sub: '2', username: 'grace', role: 'admin', type: 'access' }, 'x'.repeat(40));
      await expectRefused('/ws/team', 401, 'Token inválido', forged);
    });

    it('when a refresh token is presented as the access token, refuses with 401', async () => {
      const { refreshToken } = await auth.login('ada', PASSWORD);
      const refused = await refusal(url(`/ws/team?token=${refreshToken}`));
      expect(refused.status).to.equal(401);
    });

    it('when the token is valid, connects with CurrentUser’s identity as the connection user', async () => {
      const client = await connect('/ws/team', await loginAs(ADA));
      expect(await client.next()).to.deep.equal({ type: 'welcome', user: ADA });
    });

    it('when the token comes as ?token=, connects', async () => {
      const client = await TestClient.connect(url(`/ws/team?token=${await loginAs(GRACE)}`));
      clients.push(client);
      expect(await client.next()).to.deep.equal({ type: 'welcome', user: GRACE });
    });

    it('when the session was logged out, refuses the token with 401', async () => {
      const token = await loginAs(ADA);
      await auth.logout(await auth.authenticate(token));
      await expectRefused('/ws/team', 401, 'Token revocado', token);
    });

    it('when the session is logged out while connected, the server closes the socket with 4401', async () => {
      const token = await loginAs(GRACE);
      const client = await connect('/ws/team', token);
      await client.next();
      expect(await client.ask({})).to.deep.equal({ type: 'done' });
      await auth.logout(await auth.authenticate(token));
      expect(await client.closed).to.deep.equal({ code: 4401, reason: 'Session ended' });
    });

    it('when the role is below MinimumRole, refuses with 403; at or above, connects', async () => {
      const refused = await refusal(url('/ws/admin'), {
        headers: { authorization: `Bearer ${await loginAs(ADA)}` },
      });
      expect(refused.status).to.equal(403);
      expect(refused.body).to.deep.equal({
        statusCode: 403,
        error: 'Forbidden',
        message: 'Rol insuficiente',
        code: 'ROLE_TOO_LOW',
      });
      const client = await connect('/ws/admin', await loginAs(GRACE));
      expect(await client.next()).to.deep.equal({ type: 'welcome' });
    });

    it('when a permission is missing, refuses with 403; with it, connects', async () => {
      const refused = await refusal(url('/ws/users'), {
        headers: { authorization: `Bearer ${await loginAs(ADA)}` },
      });
      expect(refused.body).to.deep.equal({
        statusCode: 403,
        error: 'Forbidden',
        message: 'Permisos insuficientes',
        code: 'PERMISSION_MISSING',
      });
      const client = await connect('/ws/users', await loginAs(GRACE));
      expect(await client.next()).to.deep.equal({ type: 'welcome' });
    });

    it('when MinimumRole() on OnMessage is not met, answers each message with an error and stays open', async () => {
      const client = await connect('/ws/team', await loginAs(ADA));
      await client.next();
      expect(await client.ask({})).to.deep.equal({
        type: 'error',
        message: 'Rol insuficiente',
        code: 'ROLE_TOO_LOW',
      });
      expect(await client.ask({})).to.deep.equal({
        type: 'error',
        message: 'Rol insuficiente',
        code: 'ROLE_TOO_LOW',
      });
    });
  });
});
