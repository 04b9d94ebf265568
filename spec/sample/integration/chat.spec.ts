import { expect } from 'chai';
import WebSocket from 'ws';
import { forEachEngine } from '../../support/engines';
import { type SampleServer, startSample } from '../support/sample-server';

const TIMEOUT_MS = 2000;

/** A connected client that queues what it receives. */
class ChatClient {
  private readonly inbox: unknown[] = [];
  private waiting?: (message: unknown) => void;

  constructor(readonly socket: WebSocket) {
    socket.on('message', (data) => {
      const message = JSON.parse(String(data));
      if (this.waiting) {
        const deliver = this.waiting;
        this.waiting = undefined;
        deliver(message);
      } else this.inbox.push(message);
    });
  }

  next(): Promise<Record<string, unknown>> {
    if (this.inbox.length > 0) return Promise.resolve(this.inbox.shift() as Record<string, unknown>);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no message in time')), TIMEOUT_MS);
      this.waiting = (message) => {
        clearTimeout(timer);
        resolve(message as Record<string, unknown>);
      };
    });
  }

  send(data: unknown): void {
    this.socket.send(typeof data === 'string' ? data : JSON.stringify(data));
  }
}

function connect(url: string): Promise<ChatClient> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url);
    const client = new ChatClient(socket);
    socket.once('open', () => resolve(client));
    socket.once('unexpected-response', (_req, res) =>
      reject(new Error(`upgrade refused: ${res.statusCode}`)),
    );
    socket.once('error', reject);
  });
}

describe('sample /chat gateway', () => {
  forEachEngine((engine) => {
    let sample: SampleServer;
    let wsUrl: string;
    const open: ChatClient[] = [];
    before(async () => {
      sample = await startSample(engine);
      wsUrl = `${sample.url.replace('http', 'ws')}/chat`;
    });
    afterEach(() => {
      for (const client of open.splice(0)) client.socket.terminate();
    });
    after(() => sample.close());

    const join = async (username: string) => {
      const client = await connect(`${wsUrl}?token=${await sample.token(username)}`);
      open.push(client);
      expect(await client.next()).to.deep.equal({ type: 'welcome', username });
      return client;
    };

    it('broadcasts a message to the other clients with the sender and the time', async () => {
      const ada = await join('developer');
      const bob = await join('viewer');
      const eve = await join('manager');
      ada.send({ type: 'message', text: 'hola' });
      expect(await ada.next()).to.have.property('type', 'sent');
      for (const other of [bob, eve]) {
        const received = await other.next();
        expect(received).to.include({ type: 'message', text: 'hola', from: 'developer' });
        expect(new Date(received.at as string).toISOString()).to.equal(received.at);
      }
    });

    it('answers a bad message with an error and keeps the connection open', async () => {
      const ada = await join('developer');
      ada.send('not json');
      expect(await ada.next()).to.include({ type: 'error' });
      ada.send({ type: 'message', text: '' });
      const invalid = await ada.next();
      expect(invalid).to.include({ type: 'error' });
      expect(invalid).to.have.property('details').that.is.an('array').that.is.not.empty;
      ada.send({ type: 'message', text: 'still here' });
      expect(await ada.next()).to.have.property('type', 'sent');
    });

    it('refuses an upgrade without a valid token with 401', async () => {
      for (const url of [wsUrl, `${wsUrl}?token=garbage`]) {
        await connect(url).then(
          () => expect.fail('the upgrade should be refused'),
          (err: Error) => expect(err.message).to.equal('upgrade refused: 401'),
        );
      }
    });
  });
});
