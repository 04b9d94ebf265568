import { connect } from 'node:net';
import { expect } from 'chai';
import { Controller, createApp, Get } from '../../../src';
import { forEachEngine } from '../../support/engines';
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
  });
});
