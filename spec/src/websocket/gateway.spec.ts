import { request as httpRequest, type IncomingMessage } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { expect } from 'chai';
import { z } from 'zod';
import {
  ConflictException,
  createApp,
  Injectable,
  OnConnect,
  OnDisconnect,
  OnMessage,
  Param,
  Query,
  WebSocket,
  type WebSocketConnection,
} from '../../../src';
import { forEachEngine } from '../../support/engines';
import { type Served, serve } from '../../support/serve';
import { eventually, refusal, TestClient, wsUrl } from './support/ws-client';

@Injectable()
class Greeter {
  greeting(id: string) {
    return { type: 'welcome', id, text: 'hola' };
  }
}

@Injectable()
class Journal {
  readonly connected: string[] = [];
  readonly disconnected: string[] = [];
}

const echoSchema = z.object({ type: z.literal('echo'), text: z.string().min(1) });

@WebSocket('/echo')
class EchoGateway {
  constructor(
    private readonly greeter: Greeter,
    private readonly journal: Journal,
  ) {}

  @OnConnect()
  connect(client: WebSocketConnection) {
    this.journal.connected.push(client.id);
    client.send(this.greeter.greeting(client.id));
  }

  @OnMessage(echoSchema)
  message(client: WebSocketConnection, message: z.infer<typeof echoSchema>) {
    if (message.text === 'conflict') throw new ConflictException('Ya existe');
    if (message.text === 'crash') throw new Error('database password is hunter2');
    if (message.text === 'nothing') return undefined;
    return { type: 'echo', text: message.text, from: client.id };
  }

  @OnDisconnect()
  disconnect(client: WebSocketConnection) {
    this.journal.disconnected.push(client.id);
  }
}

@WebSocket('/slow-echo')
class OrderedGateway {
  @OnMessage()
  async message(_client: WebSocketConnection, message: { n: number; delayMs: number }) {
    await sleep(message.delayMs);
    return { n: message.n };
  }
}

@WebSocket('/rooms/:roomId')
class RoomGateway {
  @OnConnect()
  connect(_client: WebSocketConnection, @Param('roomId') roomId: string, @Query() query: { nick?: string }) {
    return { type: 'joined', roomId, nick: query.nick };
  }
}

@WebSocket('/picky')
class PickyGateway {
  @OnConnect()
  connect() {
    throw new ConflictException('Sala llena');
  }

  @OnMessage()
  message() {
    return { type: 'never' };
  }
}

@WebSocket('/push-only')
class PushOnlyGateway {}

describe('WebSocket gateways', () => {
  forEachEngine((engine) => {
    let served: Served;
    let journal: Journal;
    const clients: TestClient[] = [];
    const connect = async (path: string) => {
      const client = await TestClient.connect(wsUrl(served.url, path));
      clients.push(client);
      return client;
    };

    beforeEach(async () => {
      served = await serve(
        createApp({
          engine,
          gateways: [EchoGateway, OrderedGateway, RoomGateway, PickyGateway, PushOnlyGateway],
        }),
      );
      journal = served.app.container.get(Journal);
    });
    afterEach(async () => {
      for (const client of clients.splice(0)) client.socket.terminate();
      await served.close();
    });

    describe('when a client connects', () => {
      it('resolves the gateway with its constructor dependencies and runs OnConnect', async () => {
        const client = await connect('/echo');
        const welcome = await client.next();
        expect(welcome).to.include({ type: 'welcome', text: 'hola' });
        expect(welcome.id).to.match(/^[0-9a-f-]{36}$/);
        expect(journal.connected).to.deep.equal([welcome.id]);
      });

      it('gives every connection its own id', async () => {
        const a = await (await connect('/echo')).next();
        const b = await (await connect('/echo')).next();
        expect(a.id).to.not.equal(b.id);
      });

      it('sends what OnConnect returns and reads path params and the query through decorators', async () => {
        const client = await connect('/rooms/lobby?nick=ana');
        expect(await client.next()).to.deep.equal({ type: 'joined', roomId: 'lobby', nick: 'ana' });
      });

      it('when OnConnect throws, tells the client why and closes with 1008', async () => {
        const client = await connect('/picky');
        expect(await client.next()).to.deep.equal({ type: 'error', message: 'Sala llena', code: 'CONFLICT' });
        client.send({ type: 'hello' });
        expect((await client.closed).code).to.equal(1008);
        expect(client.received).to.deep.equal([]);
      });
    });

    describe('when a client sends a message', () => {
      it('sends back what OnMessage returns', async () => {
        const client = await connect('/echo');
        const { id } = await client.next();
        expect(await client.ask({ type: 'echo', text: 'hi' })).to.deep.equal({
          type: 'echo',
          text: 'hi',
          from: id,
        });
      });

      it('sends nothing back when OnMessage returns undefined', async () => {
        const client = await connect('/echo');
        await client.next();
        client.send({ type: 'echo', text: 'nothing' });
        expect(await client.ask({ type: 'echo', text: 'after' })).to.include({ text: 'after' });
      });

      it('handles one client’s messages in the order sent, even when handlers take different times', async () => {
        const client = await connect('/slow-echo');
        client.send({ n: 1, delayMs: 60 });
        client.send({ n: 2, delayMs: 0 });
        client.send({ n: 3, delayMs: 20 });
        expect([await client.next(), await client.next(), await client.next()]).to.deep.equal([
          { n: 1 },
          { n: 2 },
          { n: 3 },
        ]);
      });
    });

    describe('when a message is refused', () => {
      it('answers text that is not JSON with an error and keeps the connection open', async () => {
        const client = await connect('/echo');
        await client.next();
        client.socket.send('{not json');
        expect(await client.next()).to.deep.equal({
          type: 'error',
          message: 'Message is not valid JSON',
          code: 'BAD_USER_INPUT',
        });
        expect(await client.ask({ type: 'echo', text: 'still here' })).to.include({ text: 'still here' });
      });

      it('answers a binary frame with an error and keeps the connection open', async () => {
        const client = await connect('/echo');
        await client.next();
        client.socket.send(Buffer.from('{"type":"echo","text":"x"}'), { binary: true });
        expect(await client.next()).to.deep.equal({
          type: 'error',
          message: 'Messages must be JSON text, not binary',
          code: 'BAD_USER_INPUT',
        });
        expect(await client.ask({ type: 'echo', text: 'ok' })).to.include({ text: 'ok' });
      });

      it('answers a message failing the OnMessage schema with the validation details, without calling the handler', async () => {
        const client = await connect('/echo');
        await client.next();
        const error = await client.ask({ type: 'echo', text: '' });
        expect(error).to.include({ type: 'error', message: 'Validation failed', code: 'BAD_USER_INPUT' });
        expect(error.details).to.have.length(1);
        expect(error.details[0]).to.include({ path: 'message.text', code: 'too_small' });
        expect(await client.ask({ type: 'echo', text: 'ok' })).to.include({ text: 'ok' });
      });

      it('answers an HTTPException thrown by the handler with its message', async () => {
        const client = await connect('/echo');
        await client.next();
        expect(await client.ask({ type: 'echo', text: 'conflict' })).to.deep.equal({
          type: 'error',
          message: 'Ya existe',
          code: 'CONFLICT',
        });
      });

      it('answers an unexpected failure without its internals and keeps the connection open', async () => {
        const client = await connect('/echo');
        await client.next();
        expect(await client.ask({ type: 'echo', text: 'crash' })).to.deep.equal({
          type: 'error',
          message: 'Internal Server Error',
          code: 'INTERNAL_SERVER_ERROR',
        });
        expect(await client.ask({ type: 'echo', text: 'ok' })).to.include({ text: 'ok' });
      });

      it('answers a message to a gateway without OnMessage with an error', async () => {
        const client = await connect('/push-only');
        expect(await client.ask({ type: 'hello' })).to.deep.equal({
          type: 'error',
          message: 'This gateway accepts no messages',
          code: 'BAD_USER_INPUT',
        });
      });
    });

    describe('when a client disconnects', () => {
      it('runs OnDisconnect with the same connection', async () => {
        const client = await connect('/echo');
        const { id } = await client.next();
        await client.close();
        await eventually(() => journal.disconnected.includes(id));
        expect(journal.disconnected).to.deep.equal([id]);
      });
    });

    describe('when the path has no gateway', () => {
      it('refuses the upgrade with a 404 JSON error', async () => {
        const refused = await refusal(wsUrl(served.url, '/nowhere?token=x'));
        expect(refused.status).to.equal(404);
        expect(refused.body).to.deep.equal({
          statusCode: 404,
          error: 'Not Found',
          message: 'No WebSocket gateway at /nowhere',
          code: 'NOT_FOUND',
        });
      });
    });

    describe('when the handshake is malformed', () => {
      it('refuses it with a 400 JSON error', async () => {
        const { hostname, port } = new URL(served.url);
        const response = await new Promise<IncomingMessage>((resolve, reject) => {
          const req = httpRequest({
            hostname,
            port,
            path: '/echo',
            headers: { connection: 'Upgrade', upgrade: 'websocket', 'sec-websocket-version': '13' },
          });
          req.on('response', resolve);
          req.on('upgrade', () => reject(new Error('upgraded without a key')));
          req.on('error', reject);
          req.end();
        });
        let text = '';
        for await (const chunk of response) text += chunk;
        expect(response.statusCode).to.equal(400);
        expect(response.headers['sec-websocket-version']).to.equal('13, 8');
        expect(JSON.parse(text)).to.deep.equal({
          statusCode: 400,
          error: 'Bad Request',
          message: 'Missing or invalid Sec-WebSocket-Key header',
          code: 'BAD_USER_INPUT',
        });
      });
    });

    describe('when the application closes', () => {
      it('closes every connection with 1001, runs OnDisconnect, and does not hang', async () => {
        const client = await connect('/echo');
        const { id } = await client.next();
        const started = Date.now();
        await served.app.close();
        expect(Date.now() - started).to.be.below(2000);
        expect((await client.closed).code).to.equal(1001);
        expect(journal.disconnected).to.deep.equal([id]);
      });

      it('cuts off a client that does not answer the close after shutdownTimeoutMs', async () => {
        const app = createApp({ engine, gateways: [EchoGateway], shutdownTimeoutMs: 200 });
        const own = await serve(app);
        const client = await TestClient.connect(wsUrl(own.url, '/echo'));
        clients.push(client);
        const { id } = await client.next();
        client.socket.pause();
        const started = Date.now();
        await own.close();
        expect(Date.now() - started).to.be.within(150, 2000);
        expect(app.container.get(Journal).disconnected).to.deep.equal([id]);
      });
    });
  });
});
