import bcrypt from 'bcrypt';
import { expect } from 'chai';
import sinon from 'sinon';
import type { ClientOptions } from 'ws';
import {
  Auth,
  AuthService,
  createApp,
  OnConnect,
  type UserRecord,
  WebSocket,
  type WebSocketConnection,
} from '../../../index';
import { forEachEngine } from '../../support/engines';
import { expectCode } from '../../support/expect-code';
import { type Served, serve } from '../../support/serve';
import { refusal, TestClient, wsUrl } from './support/ws-client';

const SECRET = 'browser-upgrade-spec-secret-0123456789';
const PASSWORD = 'Spec-pass-123!';
const APP_ORIGIN = 'https://app.example.com';

@Auth()
@WebSocket('/ws/feed')
class FeedGateway {
  @OnConnect()
  connect(client: WebSocketConnection) {
    return { type: 'welcome', username: client.user?.username };
  }
}

@WebSocket('/ws/partners', { origins: ['https://partner.example.org'] })
class PartnersGateway {
  @OnConnect()
  connect() {
    return { type: 'welcome' };
  }
}

@WebSocket('/ws/checked', { origins: (origin) => origin.endsWith('.trusted.test') })
class CheckedGateway {
  @OnConnect()
  connect() {
    return { type: 'welcome' };
  }
}

describe('WebSocket upgrades from browsers', () => {
  forEachEngine((engine) => {
    let served: Served;
    let token: string;
    const clients: TestClient[] = [];
    const url = (path: string) => wsUrl(served.url, path);
    const connect = async (path: string, options?: ClientOptions, protocols?: string[]) => {
      const client = await TestClient.connect(url(path), options, protocols);
      clients.push(client);
      return client;
    };

    before(async () => {
      const passwordHash = await bcrypt.hash(PASSWORD, 4);
      const ada: UserRecord = { id: 1, username: 'ada', role: 'viewer', permissions: [], passwordHash };
      const userProvider = {
        findByCredentials: sinon.stub().callsFake(async (name: string) => (name === 'ada' ? ada : null)),
        findById: sinon.stub().callsFake(async (id: number) => (id === 1 ? ada : null)),
      };
      const app = createApp({
        engine,
        gateways: [FeedGateway, PartnersGateway, CheckedGateway],
        websocket: { origins: [APP_ORIGIN] },
      }).install('auth', {
        jwt: { secret: SECRET, accessTokenTTL: 60, refreshTokenTTL: 600 },
        userProvider,
        bcryptRounds: 4,
      });
      served = await serve(app);
      token = (await app.container.get(AuthService).login('ada', PASSWORD)).accessToken;
    });
    after(() => served.close());
    afterEach(() => {
      for (const client of clients.splice(0)) client.socket.terminate();
    });

    describe('a token offered as the subprotocol after bearer', () => {
      it('authenticates the connection and the server selects bearer, never the token', async () => {
        const withToken = await connect('/ws/feed', undefined, ['bearer', token]);
        expect(withToken.socket.protocol).to.equal('bearer');
        expect(await withToken.next()).to.deep.equal({ type: 'welcome', username: 'ada' });
      });

      it('when the offered token is not valid, refuses with 401', async () => {
        const refused = await refusal(url('/ws/feed'), {
          headers: { 'sec-websocket-protocol': 'bearer, not.a.jwt' },
        });
        expect(refused.status).to.equal(401);
        expect(refused.body).to.include({ statusCode: 401 });
      });

      it('when bearer is offered without a token, refuses with 401 as without any token', async () => {
        const refused = await refusal(url('/ws/feed'), { headers: { 'sec-websocket-protocol': 'bearer' } });
        expect(refused.status).to.equal(401);
      });
    });

    describe('the app-wide origins allow-list', () => {
      it('lets an allowed origin in', async () => {
        const client = await connect('/ws/feed', { headers: { origin: APP_ORIGIN } }, ['bearer', token]);
        expect(await client.next()).to.deep.equal({ type: 'welcome', username: 'ada' });
      });

      it('refuses another origin with 403 before the guards run', async () => {
        const refused = await refusal(url('/ws/feed'), { headers: { origin: 'https://evil.example.net' } });
        expect(refused.status).to.equal(403);
        expect(refused.body).to.include({ statusCode: 403, error: 'Forbidden' });
      });

      it('refuses the opaque origin null', async () => {
        const refused = await refusal(url('/ws/feed'), { headers: { origin: 'null' } });
        expect(refused.status).to.equal(403);
      });

      it('compares origins without regard to case', async () => {
        const client = await connect('/ws/feed', { headers: { origin: 'HTTPS://APP.example.com' } }, [
          'bearer',
          token,
        ]);
        expect(await client.next()).to.include({ type: 'welcome' });
      });

      it('lets a client without an Origin header (not a browser) through', async () => {
        const client = await connect('/ws/feed', { headers: { authorization: `Bearer ${token}` } });
        expect(await client.next()).to.include({ type: 'welcome' });
      });
    });

    describe("a gateway's own origins", () => {
      it('replace the app-wide list', async () => {
        const partner = await connect('/ws/partners', { headers: { origin: 'https://partner.example.org' } });
        expect(await partner.next()).to.deep.equal({ type: 'welcome' });
        const refused = await refusal(url('/ws/partners'), { headers: { origin: APP_ORIGIN } });
        expect(refused.status).to.equal(403);
      });

      it('may be a function of the origin', async () => {
        const allowed = await connect('/ws/checked', { headers: { origin: 'https://a.trusted.test' } });
        expect(await allowed.next()).to.deep.equal({ type: 'welcome' });
        const refused = await refusal(url('/ws/checked'), {
          headers: { origin: 'https://trusted.test.evil' },
        });
        expect(refused.status).to.equal(403);
      });
    });
  });

  describe('a malformed allow-list', () => {
    for (const [label, origins] of [
      ['a path', ['https://app.example.com/']],
      ['a wildcard', ['*']],
      ['not a list', 'https://app.example.com'],
      ['the opaque origin null', ['https://app.example.com', 'null']],
    ] as const) {
      it(`fails at ready() when an entry is ${label}`, async () => {
        const app = createApp({ gateways: [PartnersGateway], websocket: { origins: origins as never } });
        let failure: unknown;
        await app.ready().catch((err: unknown) => {
          failure = err;
        });
        expect(expectCode(failure, 'TRELLIS_ERR_INVALID_OPTION').message).to.match(
          /^options\.websocket\.origins/,
        );
      });
    }
  });
});
