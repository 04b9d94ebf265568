import { expect } from 'chai';
import request from 'supertest';
import { Auth, AuthService } from '../../../modules/auth';
import {
  createApp,
  OnMessage,
  SESSION_REVOCATIONS,
  type SessionRevocations,
  WebSocket,
  type WebSocketConnection,
} from '../../../src';
import { CLOSE_DEADLINE_MS, closedWithin, TestClient, wsUrl } from '../../src/websocket/support/ws-client';
import { forEachEngine } from '../../support/engines';
import { type Served, serve } from '../../support/serve';
import {
  AuthController,
  bearer,
  FAST_ROUNDS,
  PASSWORD,
  SECRET,
  type StubbedUsers,
  stubUsers,
} from './auth-fixtures';

@Auth()
@WebSocket('/live')
class LiveGateway {
  @OnMessage()
  message(client: WebSocketConnection) {
    return { you: client.user?.username };
  }
}

@WebSocket('/open')
class OpenGateway {
  @OnMessage()
  message() {
    return { ok: true };
  }
}

async function stillOpen(client: TestClient): Promise<void> {
  expect(await client.ask({ ping: 1 })).to.have.property('you');
}

describe('auth: live WebSocket connections follow their session', () => {
  forEachEngine((engine) => {
    let users: StubbedUsers;
    let served: Served;
    let auth: AuthService;
    const clients: TestClient[] = [];
    const start = async (accessTokenTTL = 60) => {
      users = await stubUsers();
      const app = createApp({
        engine,
        controllers: [AuthController],
        gateways: [LiveGateway, OpenGateway],
      }).install('auth', {
        jwt: { secret: SECRET, accessTokenTTL, refreshTokenTTL: 600 },
        userProvider: users.provider,
        bcryptRounds: FAST_ROUNDS,
      });
      served = await serve(app);
      auth = app.container.get(AuthService);
    };
    const connect = async (token: string, path = '/live') => {
      const client = await TestClient.connect(wsUrl(served.url, path), {
        headers: { authorization: bearer(token) },
      });
      clients.push(client);
      return client;
    };
    afterEach(async () => {
      for (const client of clients.splice(0)) client.socket.terminate();
      await served?.close();
    });

    it('on logout, closes the idle sockets of that session with 4401, and no other', async () => {
      await start();
      const session = await auth.login('ada', PASSWORD);
      const other = await auth.login('ada', PASSWORD);
      const [first, second, otherSession] = [
        await connect(session.accessToken),
        await connect(session.accessToken),
        await connect(other.accessToken),
      ];
      await request(served.url)
        .post('/auth/logout')
        .set('authorization', bearer(session.accessToken))
        .expect(204);
      expect(await closedWithin(first)).to.deep.equal({ code: 4401, reason: 'Session ended' });
      expect(await closedWithin(second)).to.deep.equal({ code: 4401, reason: 'Session ended' });
      await stillOpen(otherSession);
    });

    it('when a used refresh token is replayed, closes the sockets of the session it ended', async () => {
      await start();
      const { accessToken, refreshToken } = await auth.login('ada', PASSWORD);
      const client = await connect(accessToken);
      await auth.refresh(refreshToken);
      await stillOpen(client);
      await request(served.url).post('/auth/refresh').send({ refreshToken }).expect(401);
      expect(await closedWithin(client)).to.deep.equal({ code: 4401, reason: 'Session ended' });
    });

    it('on revokeAllSessions (role change, deletion), closes every socket of that user only', async () => {
      await start();
      const ada = [
        await connect((await auth.login('ada', PASSWORD)).accessToken),
        await connect((await auth.login('ada', PASSWORD)).accessToken),
      ];
      const grace = await connect((await auth.login('grace', PASSWORD)).accessToken);
      await auth.revokeAllSessions(1);
      for (const client of ada) expect((await closedWithin(client)).code).to.equal(4401);
      await stillOpen(grace);
    });

    it('when a refresh finds the user deleted, closes the sockets of that session', async () => {
      await start();
      const { accessToken, refreshToken } = await auth.login('ada', PASSWORD);
      const client = await connect(accessToken);
      users.records.delete(1);
      await request(served.url).post('/auth/refresh').send({ refreshToken }).expect(401);
      expect((await closedWithin(client)).code).to.equal(4401);
    });

    it('when the access token expires, closes the idle socket with 4401 Token expired', async () => {
      await start(1);
      const { accessToken } = await auth.login('ada', PASSWORD);
      const client = await connect(accessToken);
      expect(await closedWithin(client, 1000 + CLOSE_DEADLINE_MS)).to.deep.equal({
        code: 4401,
        reason: 'Token expired',
      });
    });

    it('leaves connections to a gateway without Auth() alone', async () => {
      await start();
      const { accessToken } = await auth.login('ada', PASSWORD);
      const open = await connect(accessToken, '/open');
      await auth.revokeAllSessions(1);
      expect(await open.ask({})).to.deep.equal({ ok: true });
    });

    it('ignores malformed revocations on the shared channel', async () => {
      await start();
      const { accessToken } = await auth.login('ada', PASSWORD);
      const client = await connect(accessToken);
      const revocations = served.app.container.get<SessionRevocations>(SESSION_REVOCATIONS);
      await revocations.revoke({} as never);
      await revocations.revoke({ sessionId: 42 } as never);
      // A user id that is neither a string nor a number: read as text, [1] would name user 1.
      await revocations.revoke({ userId: [1] } as never);
      await stillOpen(client);
    });
  });
});
