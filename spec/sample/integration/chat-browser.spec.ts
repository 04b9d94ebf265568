import { expect } from 'chai';
import { refusal, TestClient, wsUrl } from '../../src/websocket/support/ws-client';
import { forEachEngine } from '../../support/engines';
import { type SampleServer, startSample } from '../support/sample-server';

const APP_ORIGIN = 'https://app.example.com';

describe('sample WebSockets from browsers (WS_ORIGINS)', () => {
  forEachEngine((engine) => {
    let sample: SampleServer;
    const open: TestClient[] = [];
    before(async () => {
      sample = await startSample(engine, { WS_ORIGINS: `${APP_ORIGIN}, https://admin.example.com` });
    });
    afterEach(() => {
      for (const client of open.splice(0)) client.socket.terminate();
    });
    after(() => sample.close());

    it('lets a page on a listed origin into /chat with the token offered as a subprotocol', async () => {
      const token = await sample.token('developer');
      const client = await TestClient.connect(
        wsUrl(sample.url, '/chat'),
        { headers: { origin: APP_ORIGIN } },
        ['bearer', token],
      );
      open.push(client);
      expect(client.socket.protocol).to.equal('bearer');
      expect(await client.next()).to.deep.equal({ type: 'welcome', username: 'developer' });
    });

    it('refuses /chat and /graphql upgrades from another origin with 403', async () => {
      const token = await sample.token('developer');
      const headers = { origin: 'https://evil.example.net', 'sec-websocket-protocol': `bearer, ${token}` };
      expect((await refusal(wsUrl(sample.url, '/chat'), { headers })).status).to.equal(403);
      const graphql = await refusal(wsUrl(sample.url, '/graphql'), {
        headers: { origin: 'https://evil.example.net', 'sec-websocket-protocol': 'graphql-transport-ws' },
      });
      expect(graphql.status).to.equal(403);
    });
  });
});
