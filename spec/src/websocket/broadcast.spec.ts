import { expect } from 'chai';
import request from 'supertest';
import { z } from 'zod';
import {
  Body,
  BROADCASTER,
  type BroadcastEnvelope,
  type Broadcaster,
  Controller,
  createApp,
  Inject,
  LocalBroadcaster,
  OnDisconnect,
  OnMessage,
  Post,
  WebSocket,
  type WebSocketConnection,
} from '../../../index';
import { forEachEngine } from '../../support/engines';
import { type Served, serve } from '../../support/serve';
import { expectSilence, TestClient, wsUrl } from './support/ws-client';

const command = z.discriminatedUnion('type', [
  z.object({ type: z.literal('say'), text: z.string(), room: z.string().optional() }),
  z.object({ type: z.literal('join'), room: z.string() }),
  z.object({ type: z.literal('leave'), room: z.string() }),
]);

@WebSocket('/chat')
class ChatGateway {
  @OnMessage(command)
  message(client: WebSocketConnection, message: z.infer<typeof command>) {
    if (message.type === 'join') client.join(message.room);
    else if (message.type === 'leave') client.leave(message.room);
    else client.broadcast({ type: 'said', text: message.text, from: client.id }, { room: message.room });
    return { type: 'ok', rooms: [...client.rooms] };
  }

  @OnDisconnect()
  gone(client: WebSocketConnection) {
    for (const room of client.rooms) client.broadcast({ type: 'left', room, id: client.id }, { room });
  }
}

@WebSocket('/other')
class OtherGateway {
  @OnMessage()
  message(client: WebSocketConnection, message: unknown) {
    client.broadcast(message);
  }
}

@Controller('/announcements')
class AnnouncementController {
  constructor(@Inject(BROADCASTER) private readonly broadcaster: Broadcaster) {}

  @Post()
  announce(@Body(z.object({ text: z.string() })) body: { text: string }) {
    this.broadcaster.publish('/chat', { data: JSON.stringify({ type: 'announcement', text: body.text }) });
    return { sent: true };
  }
}

describe('WebSocket broadcasts', () => {
  forEachEngine((engine) => {
    const clients: TestClient[] = [];
    const servers: Served[] = [];
    const start = async (options: Parameters<typeof createApp>[0] = {}, broadcaster?: Broadcaster) => {
      const app = createApp({ engine, gateways: [ChatGateway, OtherGateway], ...options });
      if (broadcaster) app.override(BROADCASTER, broadcaster);
      const served = await serve(app);
      servers.push(served);
      return served;
    };
    const connect = async (served: Served, path = '/chat') => {
      const client = await TestClient.connect(wsUrl(served.url, path));
      clients.push(client);
      return client;
    };
    afterEach(async () => {
      for (const client of clients.splice(0)) client.socket.terminate();
      for (const served of servers.splice(0)) await served.close();
    });

    it('when a client broadcasts, every other client of the gateway receives it once, the sender does not', async () => {
      const served = await start();
      const [alice, bob, carol] = [await connect(served), await connect(served), await connect(served)];
      expect(await alice.ask({ type: 'say', text: 'hola' })).to.deep.equal({ type: 'ok', rooms: [] });
      const [toBob, toCarol] = [await bob.next(), await carol.next()];
      expect(toBob).to.deep.include({ type: 'said', text: 'hola' });
      expect(toCarol).to.deep.equal(toBob);
      await expectSilence(100, alice, bob, carol);
    });

    it('when a client broadcasts, clients of another gateway receive nothing', async () => {
      const served = await start();
      const chat = await connect(served);
      const other = await connect(served, '/other');
      const listener = await connect(served, '/other');
      other.send({ hello: 'other' });
      expect(await listener.next()).to.deep.equal({ hello: 'other' });
      await expectSilence(100, chat, other);
    });

    it('when a client broadcasts to a room, only the other members of that room receive it', async () => {
      const served = await start();
      const [alice, bob, carol] = [await connect(served), await connect(served), await connect(served)];
      expect(await alice.ask({ type: 'join', room: 'dev' })).to.deep.equal({ type: 'ok', rooms: ['dev'] });
      await bob.ask({ type: 'join', room: 'dev' });
      await carol.ask({ type: 'join', room: 'ops' });
      await alice.ask({ type: 'say', text: 'deploy', room: 'dev' });
      expect(await bob.next()).to.deep.include({ type: 'said', text: 'deploy' });
      await expectSilence(100, alice, bob, carol);
    });

    it('when a client broadcasts to a room it is not in, the members still receive it', async () => {
      const served = await start();
      const [alice, bob] = [await connect(served), await connect(served)];
      await bob.ask({ type: 'join', room: 'dev' });
      await alice.ask({ type: 'say', text: 'knock knock', room: 'dev' });
      expect(await bob.next()).to.deep.include({ text: 'knock knock' });
    });

    it('when a client leaves a room, room broadcasts stop reaching it', async () => {
      const served = await start();
      const [alice, bob] = [await connect(served), await connect(served)];
      await alice.ask({ type: 'join', room: 'dev' });
      await bob.ask({ type: 'join', room: 'dev' });
      expect(await bob.ask({ type: 'leave', room: 'dev' })).to.deep.equal({ type: 'ok', rooms: [] });
      await alice.ask({ type: 'say', text: 'anyone?', room: 'dev' });
      await expectSilence(100, bob);
    });

    it('when a room member disconnects, OnDisconnect still sees its rooms and the others keep receiving', async () => {
      const served = await start();
      const [alice, bob, carol] = [await connect(served), await connect(served), await connect(served)];
      for (const client of [alice, bob, carol]) await client.ask({ type: 'join', room: 'dev' });
      await bob.close();
      const left = await carol.next();
      expect(left).to.include({ type: 'left', room: 'dev' });
      expect(await alice.next()).to.deep.equal(left);
      await alice.ask({ type: 'say', text: 'still there?', room: 'dev' });
      expect(await carol.next()).to.deep.include({ text: 'still there?' });
    });

    it('when two instances share a broadcaster, a broadcast reaches the clients of both exactly once, never the sender', async () => {
      const shared = new LocalBroadcaster();
      const [one, two] = [await start({}, shared), await start({}, shared)];
      const [alice, bob] = [await connect(one), await connect(one)];
      const [carol, dave] = [await connect(two), await connect(two)];
      for (const client of [alice, bob, carol]) await client.ask({ type: 'join', room: 'dev' });
      await alice.ask({ type: 'say', text: 'everyone' });
      for (const client of [bob, carol, dave])
        expect(await client.next()).to.deep.include({ text: 'everyone' });
      await alice.ask({ type: 'say', text: 'dev only', room: 'dev' });
      for (const client of [bob, carol]) expect(await client.next()).to.deep.include({ text: 'dev only' });
      await expectSilence(100, alice, bob, carol, dave);
    });

    it('when a broadcaster is given in the options, broadcasts go through it', async () => {
      const published: [string, BroadcastEnvelope][] = [];
      const local = new LocalBroadcaster();
      const recording: Broadcaster = {
        publish: (gateway, envelope) => {
          published.push([gateway, envelope]);
          local.publish(gateway, envelope);
        },
        subscribe: (gateway, listener) => local.subscribe(gateway, listener),
      };
      const served = await start({ websocket: { broadcaster: recording } });
      const [alice, bob] = [await connect(served), await connect(served)];
      await alice.ask({ type: 'say', text: 'traced', room: 'r' });
      expect(published).to.have.length(1);
      const [gateway, envelope] = published[0];
      expect(gateway).to.equal('/chat');
      expect(envelope.room).to.equal('r');
      expect(envelope.senderId).to.match(/^[0-9a-f-]{36}$/);
      expect(JSON.parse(envelope.data)).to.deep.equal({
        type: 'said',
        text: 'traced',
        from: envelope.senderId,
      });
      await expectSilence(50, bob);
    });

    it('when the broadcaster fails, the sender gets its answer and stays connected', async () => {
      const failing: Broadcaster = {
        publish: () => Promise.reject(new Error('redis is down')),
        subscribe: () => () => {},
      };
      const served = await start({}, failing);
      const alice = await connect(served);
      expect(await alice.ask({ type: 'say', text: 'lost' })).to.deep.equal({ type: 'ok', rooms: [] });
      expect(await alice.ask({ type: 'join', room: 'a' })).to.deep.equal({ type: 'ok', rooms: ['a'] });
    });

    it('when a controller publishes through the injected Broadcaster, every client of the gateway receives it', async () => {
      const served = await start({ controllers: [AnnouncementController] });
      const [alice, bob] = [await connect(served), await connect(served)];
      await request(served.url).post('/announcements').send({ text: 'mantenimiento' }).expect(201);
      for (const client of [alice, bob])
        expect(await client.next()).to.deep.equal({ type: 'announcement', text: 'mantenimiento' });
    });
  });
});
