import { expect } from 'chai';
import { Auth } from '../../../modules/auth';
import type { AuthenticatedUser } from '../../../modules/auth/caller';
import { MinimumRole } from '../../../modules/rbac';
import {
  CurrentUser,
  createApp,
  Header,
  OnConnect,
  OnMessage,
  WebSocket,
  type WebSocketConnection,
} from '../../../src';
import { forEachEngine } from '../../support/engines';
import { type Served, serve } from '../../support/serve';
import { specAuthModule } from './support/spec-auth';
import { refusal, TestClient, wsUrl } from './support/ws-client';

const connected: string[] = [];

@Auth()
@WebSocket('/private')
class PrivateGateway {
  @OnConnect()
  connect(client: WebSocketConnection, @Header('user-agent') agent: string) {
    connected.push(client.user!.username);
    return { type: 'welcome', user: client.user, agent };
  }

  @OnMessage()
  message(@CurrentUser() user: AuthenticatedUser, client: WebSocketConnection, message: unknown) {
    return { type: 'echo', message, by: user.username, same: user === client.user };
  }
}

@WebSocket('/admin')
class AdminGateway {
  @MinimumRole('admin')
  @OnConnect()
  connect(client: WebSocketConnection) {
    return { type: 'welcome', role: client.user!.role };
  }
}

@Auth()
@WebSocket('/moderated')
class ModeratedGateway {
  @MinimumRole('admin')
  @OnMessage()
  message() {
    return { type: 'done' };
  }
}

@WebSocket('/public')
class PublicGateway {
  @OnConnect()
  connect(client: WebSocketConnection) {
    return { type: 'welcome', user: client.user ?? null };
  }
}

describe('WebSocket upgrade guards', () => {
  forEachEngine((engine) => {
    let served: Served;
    const clients: TestClient[] = [];
    const url = (path: string) => wsUrl(served.url, path);
    const connect = async (path: string, headers?: Record<string, string>) => {
      const client = await TestClient.connect(url(path), { headers });
      clients.push(client);
      return client;
    };

    before(async () => {
      const app = createApp({
        engine,
        gateways: [PrivateGateway, AdminGateway, ModeratedGateway, PublicGateway],
      });
      served = await serve(app.install(specAuthModule, undefined));
    });
    after(() => served.close());
    afterEach(() => {
      for (const client of clients.splice(0)) client.socket.terminate();
      connected.length = 0;
    });

    describe('on a gateway with Auth()', () => {
      it('when no token is given, refuses the upgrade with 401 before the socket opens', async () => {
        const refused = await refusal(url('/private'));
        expect(refused.status).to.equal(401);
        expect(refused.body).to.deep.equal({
          statusCode: 401,
          error: 'Unauthorized',
          message: 'Token inválido',
          code: 'UNAUTHENTICATED',
        });
        expect(connected).to.deep.equal([]);
      });

      it('when the token is wrong, refuses the upgrade with 401', async () => {
        const refused = await refusal(url('/private?token=forged'));
        expect(refused.status).to.equal(401);
        const header = await refusal(url('/private'), { headers: { authorization: 'Bearer forged' } });
        expect(header.status).to.equal(401);
        expect(connected).to.deep.equal([]);
      });

      it('when the Authorization header carries a valid token, connects with the caller as the user', async () => {
        const client = await connect('/private', {
          authorization: 'Bearer admin-token',
          'user-agent': 'spec',
        });
        expect(await client.next()).to.deep.equal({
          type: 'welcome',
          user: { id: 1, username: 'ada', role: 'admin', permissions: [] },
          agent: 'spec',
        });
        expect(connected).to.deep.equal(['ada']);
      });

      it('when the token comes as ?token=, connects with the caller as the user', async () => {
        const client = await connect('/private?token=viewer-token');
        expect(await client.next()).to.deep.include({ type: 'welcome' });
        expect(connected).to.deep.equal(['vic']);
      });

      it('gives CurrentUser() to message handlers, next to the positional connection and message', async () => {
        const client = await connect('/private?token=viewer-token');
        await client.next();
        expect(await client.ask({ n: 1 })).to.deep.equal({
          type: 'echo',
          message: { n: 1 },
          by: 'vic',
          same: true,
        });
      });
    });

    describe('on a gateway whose OnConnect has MinimumRole()', () => {
      it('when unauthenticated, refuses with 401', async () => {
        expect((await refusal(url('/admin'))).status).to.equal(401);
      });

      it('when the role is too low, refuses with 403', async () => {
        const refused = await refusal(url('/admin?token=viewer-token'));
        expect(refused.status).to.equal(403);
        expect(refused.body).to.deep.equal({
          statusCode: 403,
          error: 'Forbidden',
          message: 'Rol insuficiente',
          code: 'FORBIDDEN',
        });
      });

      it('when the role is enough, connects', async () => {
        const client = await connect('/admin?token=admin-token');
        expect(await client.next()).to.deep.equal({ type: 'welcome', role: 'admin' });
      });
    });

    describe('on an OnMessage with MinimumRole()', () => {
      it('checks each message: a caller below the role gets an error and stays connected', async () => {
        const client = await connect('/moderated?token=viewer-token');
        expect(await client.ask({})).to.deep.equal({
          type: 'error',
          message: 'Rol insuficiente',
          code: 'FORBIDDEN',
        });
        expect(await client.ask({})).to.deep.equal({
          type: 'error',
          message: 'Rol insuficiente',
          code: 'FORBIDDEN',
        });
      });

      it('lets a caller with the role through', async () => {
        const client = await connect('/moderated?token=admin-token');
        expect(await client.ask({})).to.deep.equal({ type: 'done' });
      });
    });

    describe('on a gateway without guards', () => {
      it('connects anyone, with no user', async () => {
        const client = await connect('/public');
        expect(await client.next()).to.deep.equal({ type: 'welcome', user: null });
      });
    });
  });
});
