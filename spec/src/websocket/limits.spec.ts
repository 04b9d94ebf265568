import { setTimeout as sleep, setImmediate as yieldToIo } from 'node:timers/promises';
import { expect } from 'chai';
import type { ClientOptions } from 'ws';
import {
  createApp,
  Injectable,
  OnConnect,
  OnDisconnect,
  OnMessage,
  WebSocket,
  type WebSocketConnection,
  type WebSocketOptions,
} from '../../../src';
import { forEachEngine } from '../../support/engines';
import { expectThrowsCode } from '../../support/expect-code';
import { type Served, serve } from '../../support/serve';
import { eventually, TestClient, wsUrl } from './support/ws-client';

@Injectable()
class Roster {
  readonly gone = new Set<string>();
}

type Command = { type: 'whoami' } | { type: 'echo'; text: string } | { type: 'join'; room: string } | Flood;
interface Flood {
  type: 'flood';
  room: string;
  count: number;
  size: number;
}

@WebSocket('/limits')
class LimitsGateway {
  constructor(private readonly roster: Roster) {}

  @OnConnect()
  connect(client: WebSocketConnection) {
    return { type: 'id', id: client.id };
  }

  @OnMessage()
  async message(client: WebSocketConnection, message: Command) {
    if (message.type === 'join') client.join(message.room);
    if (message.type === 'echo') return message;
    if (message.type === 'flood') {
      const payload = 'x'.repeat(message.size);
      // Yields between sends so the spec's own readers (same process) get to read.
      for (let i = 0; i < message.count; i++) {
        client.broadcast({ i, payload }, { room: message.room });
        await yieldToIo();
      }
      return { type: 'flooded' };
    }
    return { type: 'ok' };
  }

  @OnDisconnect()
  disconnect(client: WebSocketConnection) {
    this.roster.gone.add(client.id);
  }
}

describe('WebSocket limits', () => {
  forEachEngine((engine) => {
    let served: Served;
    let roster: Roster;
    const clients: TestClient[] = [];
    const start = async (websocket: WebSocketOptions) => {
      served = await serve(createApp({ engine, gateways: [LimitsGateway], websocket }));
      roster = served.app.container.get(Roster);
    };
    const connect = async (options?: ClientOptions) => {
      const client = await TestClient.connect(wsUrl(served.url, '/limits'), options);
      clients.push(client);
      const { id } = await client.next();
      return { client, id: id as string };
    };
    afterEach(async () => {
      for (const client of clients.splice(0)) client.socket.terminate();
      await served?.close();
    });

    describe('when a message is over maxPayload', () => {
      it('closes that connection with 1009 and keeps serving the others', async () => {
        await start({ maxPayload: 1024 });
        const { client: big, id } = await connect();
        const { client: small } = await connect();
        expect(await big.ask({ type: 'echo', text: 'x'.repeat(900) })).to.include({ type: 'echo' });
        big.send({ type: 'echo', text: 'x'.repeat(2000) });
        expect((await big.closed).code).to.equal(1009);
        await eventually(() => roster.gone.has(id));
        expect(await small.ask({ type: 'echo', text: 'fine' })).to.deep.equal({ type: 'echo', text: 'fine' });
      });
    });

    describe('when a client stops reading', () => {
      it('disconnects it once its unread backlog passes maxBufferedBytes, and the others stay connected', async () => {
        await start({ maxBufferedBytes: 256 * 1024 });
        const { client: stalled, id: stalledId } = await connect();
        const { client: sender, id: senderId } = await connect();
        await stalled.ask({ type: 'join', room: 'firehose' });
        stalled.socket.pause();
        // 3000 x 16 KiB = 48 MiB would be queued for the stalled client without the limit.
        expect(
          await sender.ask({ type: 'flood', room: 'firehose', count: 3000, size: 16 * 1024 }),
        ).to.deep.equal({ type: 'flooded' });
        await eventually(() => roster.gone.has(stalledId));
        expect(roster.gone.has(senderId)).to.equal(false);
        expect(await sender.ask({ type: 'echo', text: 'alive' })).to.deep.equal({
          type: 'echo',
          text: 'alive',
        });
        stalled.socket.resume();
        expect((await stalled.closed).code).to.equal(1006);
        expect(stalled.received.length).to.be.below(3000);
      });

      it('keeps a client that reads as fast as it is sent to', async () => {
        await start({ maxBufferedBytes: 256 * 1024 });
        const { client: reader, id: readerId } = await connect();
        const { client: sender } = await connect();
        await reader.ask({ type: 'join', room: 'stream' });
        expect(await sender.ask({ type: 'flood', room: 'stream', count: 200, size: 1024 })).to.deep.equal({
          type: 'flooded',
        });
        await eventually(() => reader.received.length === 200);
        expect(roster.gone.has(readerId)).to.equal(false);
      });
    });

    describe('when a peer stops answering pings', () => {
      it('drops it after a missed heartbeat and runs OnDisconnect, while live peers stay', async () => {
        await start({ heartbeatIntervalMs: 50 });
        const { client: dead, id: deadId } = await connect({ autoPong: false });
        const { client: live, id: liveId } = await connect();
        expect((await dead.closed).code).to.equal(1006);
        await eventually(() => roster.gone.has(deadId));
        await sleep(200);
        expect(roster.gone.has(liveId)).to.equal(false);
        expect(await live.ask({ type: 'echo', text: 'pong' })).to.deep.equal({ type: 'echo', text: 'pong' });
      });
    });

    describe('when a limit is not a positive integer', () => {
      for (const websocket of [{ maxPayload: 0 }, { heartbeatIntervalMs: -5 }, { maxBufferedBytes: 1.5 }]) {
        it(`fails at createApp() (${JSON.stringify(websocket)})`, () => {
          const name = Object.keys(websocket)[0];
          const failure = expectThrowsCode(
            () => createApp({ engine, gateways: [LimitsGateway], websocket }),
            'TRELLIS_ERR_INVALID_OPTION',
          );
          expect(failure.message).to.match(new RegExp(`^options\\.websocket\\.${name}: `));
        });
      }
    });
  });
});
