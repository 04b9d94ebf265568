import { expect } from 'chai';
import { createApp, OnMessage, WebSocket } from '../../../src';
import { forEachEngine } from '../../support/engines';
import { rateLimitOf } from '../../support/rate-limit-fields';
import { type Served, serve } from '../../support/serve';
import { eventually, refusal, TestClient, wsUrl } from './support/ws-client';

@WebSocket('/capped')
class CappedGateway {
  @OnMessage()
  message() {
    return { ok: true };
  }
}

describe('WebSocket gateways: open connections per client', () => {
  forEachEngine((engine) => {
    let served: Served;
    const clients: TestClient[] = [];
    afterEach(async () => {
      for (const client of clients.splice(0)) client.socket.terminate();
      await served?.close();
    });
    const connect = async () => {
      const client = await TestClient.connect(wsUrl(served.url, '/capped'));
      clients.push(client);
      return client;
    };

    it('refuses a connection past maxConnectionsPerClient with 429, and accepts again once one closes', async () => {
      served = await serve(
        createApp({ engine, gateways: [CappedGateway], websocket: { maxConnectionsPerClient: 2 } }),
      );
      const first = await connect();
      await connect();
      const refused = await refusal(wsUrl(served.url, '/capped'));
      expect(refused.status).to.equal(429);
      expect(refused.body).to.include({ statusCode: 429, error: 'Too Many Requests' });
      expect(refused.headers['retry-after']).to.equal('1');
      expect(rateLimitOf(refused.headers)).to.deep.include({
        name: 'websocket-connections',
        limit: 2,
        remaining: 0,
      });
      first.socket.close();
      let again: TestClient | undefined;
      await eventually(() => first.socket.readyState === first.socket.CLOSED);
      const deadline = Date.now() + 2000;
      while (!again && Date.now() < deadline) {
        again = await connect().catch(() => undefined);
        if (!again) await new Promise((r) => setTimeout(r, 20));
      }
      expect(await again?.ask({ hi: 1 })).to.deep.equal({ ok: true });
    });

    it('caps at 128 connections per client by default', async () => {
      served = await serve(createApp({ engine, gateways: [CappedGateway] }));
      await Promise.all([...Array(128).keys()].map(() => connect()));
      expect((await refusal(wsUrl(served.url, '/capped'))).status).to.equal(429);
    });
  });
});
