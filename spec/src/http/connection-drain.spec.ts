import { connect } from 'node:net';
import { expect } from 'chai';
import { Controller, createApp, Get } from '../../../src';
import { forEachEngine } from '../../support/engines';
import { RawConnection } from '../../support/raw-http';
import { serve } from '../../support/serve';

let entered: () => void = () => {};
let release: () => void = () => {};

@Controller('/slow')
class SlowController {
  @Get()
  async slow() {
    entered();
    await new Promise<void>((resolve) => {
      release = resolve;
    });
    return { finished: true };
  }

  @Get('/quick')
  quick() {
    return { quick: true };
  }

  @Get('/forever')
  forever() {
    entered();
    return new Promise(() => {});
  }
}

function nextEntry(): Promise<void> {
  return new Promise((resolve) => {
    entered = resolve;
  });
}

function portOf(url: string): number {
  return Number(new URL(url).port);
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Resolves to the error code of a fresh TCP connection attempt, or 'connected'. */
function tryConnect(port: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve('connected');
    });
    socket.once('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? 'error'));
  });
}

describe('app.close()', () => {
  forEachEngine((engine) => {
    it('lets an in-flight request finish with 200, refuses new connections meanwhile, then resolves', async () => {
      const served = await serve(createApp({ engine, controllers: [SlowController] }));
      const port = Number(new URL(served.url).port);
      const inside = nextEntry();
      const inFlight = fetch(`${served.url}/slow`);
      await inside;

      let closed = false;
      const closing = served.close().then(() => {
        closed = true;
      });
      await delay(100);
      expect(closed, 'close() waits for the in-flight request').to.equal(false);
      expect(await tryConnect(port)).to.equal('ECONNREFUSED');

      release();
      const res = await inFlight;
      expect(res.status).to.equal(200);
      expect(await res.json()).to.deep.equal({ finished: true });
      await closing;
      expect(closed).to.equal(true);
    });

    it('when a request outlives shutdownTimeoutMs, cuts it and resolves', async () => {
      const served = await serve(
        createApp({ engine, controllers: [SlowController], shutdownTimeoutMs: 150 }),
      );
      const inside = nextEntry();
      const inFlight = fetch(`${served.url}/slow/forever`).then(
        () => 'answered',
        () => 'cut',
      );
      await inside;
      const started = Date.now();
      await served.close();
      const elapsed = Date.now() - started;
      expect(elapsed).to.be.within(100, 2000);
      expect(await inFlight).to.equal('cut');
    });

    it('answers a request sent on a kept-alive connection just after close() began, with Connection: close', async () => {
      const served = await serve(createApp({ engine, controllers: [SlowController] }));
      const client = await RawConnection.open(portOf(served.url));
      client.send('GET', '/slow/quick');
      const first = await client.response();
      expect(first.headers.connection).to.equal('keep-alive');

      const closing = served.close();
      client.send('GET', '/slow/quick');
      const second = await client.response();
      expect(second.status).to.equal(200);
      expect(JSON.parse(second.body)).to.deep.equal({ quick: true });
      expect(second.headers.connection).to.equal('close');
      expect(await client.ended).to.equal('end');
      await closing;
    });

    it('keeps an idle kept-alive connection open for a short grace after close() began, then ends it cleanly', async () => {
      const served = await serve(createApp({ engine, controllers: [SlowController] }));
      const client = await RawConnection.open(portOf(served.url));
      client.send('GET', '/slow/quick');
      await client.response();

      let closed = false;
      const closing = served.close().then(() => {
        closed = true;
      });
      await delay(200);
      expect(client.open, 'still open during the grace').to.equal(true);
      expect(closed).to.equal(false);
      expect(await client.ended).to.equal('end');
      await closing;
    });

    it('answers an in-flight request with Connection: close and then ends its connection', async () => {
      const served = await serve(createApp({ engine, controllers: [SlowController] }));
      const client = await RawConnection.open(portOf(served.url));
      const inside = nextEntry();
      client.send('GET', '/slow');
      await inside;
      const closing = served.close();
      await delay(50);
      release();
      const answer = await client.response();
      expect(answer.status).to.equal(200);
      expect(answer.headers.connection).to.equal('close');
      expect(await client.ended).to.equal('end');
      await closing;
    });

    it('says Connection: close on new connections during shutdownDelayMs, while still serving them', async () => {
      const served = await serve(createApp({ engine, controllers: [SlowController], shutdownDelayMs: 400 }));
      const closing = served.close();
      await delay(50);
      const client = await RawConnection.open(portOf(served.url));
      client.send('GET', '/slow/quick');
      const answer = await client.response();
      expect(answer.status).to.equal(200);
      expect(answer.headers.connection).to.equal('close');
      expect(await client.ended).to.equal('end');
      await closing;
    });
  });
});
