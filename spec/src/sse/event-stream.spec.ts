import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import pino from 'pino';
import sinon from 'sinon';
import { EventChannel } from '../../../src/sse/event-channel';
import { EventStream } from '../../../src/sse/event-stream';
import { SseClient } from './support/sse-client';

const HEARTBEAT_MS = 1000;

// Real I/O goes on while the clock is fake: waits by turns of the event loop, bounded by the real clock.
async function settle(condition: () => boolean): Promise<boolean> {
  const deadline = performance.now() + 2000;
  while (!condition() && performance.now() < deadline) await new Promise((r) => setImmediate(r));
  return condition();
}

describe('EventStream heartbeats', () => {
  let server: Server;
  let clock: sinon.SinonFakeTimers | undefined;
  let channel: EventChannel<unknown>;
  let client: SseClient | undefined;
  const streams: EventStream[] = [];

  beforeEach(async () => {
    server = createServer((_req, res) => {
      channel = new EventChannel();
      const limits = { heartbeatMs: HEARTBEAT_MS, maxBufferedBytes: 1024 * 1024 };
      streams.push(new EventStream(res, channel, limits, pino({ level: 'silent' }), () => {}));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    clock = sinon.useFakeTimers({
      now: 0,
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
    });
    const { port } = server.address() as AddressInfo;
    client = await SseClient.open(`http://127.0.0.1:${port}/`);
  });
  afterEach(async () => {
    for (const stream of streams.splice(0)) stream.close();
    client?.close();
    clock?.restore();
    clock = undefined;
    await new Promise((resolve) => server.close(resolve));
  });

  it('sends a heartbeat once the stream has been idle for heartbeatMs, counted from its last event', async () => {
    clock!.tick(100);
    channel.push({ data: 'one' });
    expect(await settle(() => client!.events.length === 1)).to.equal(true);
    // heartbeatMs after the event, not after the stream opened nor a whole period later.
    clock!.tick(HEARTBEAT_MS - 1);
    expect(await settle(() => client!.comments > 0)).to.equal(false);
    clock!.tick(1);
    expect(await settle(() => client!.comments === 1)).to.equal(true);
    clock!.tick(HEARTBEAT_MS);
    expect(await settle(() => client!.comments === 2)).to.equal(true);
  });

  it('sends no heartbeat while events keep coming', async () => {
    for (let i = 0; i < 10; i++) {
      clock!.tick(HEARTBEAT_MS / 2);
      channel.push({ data: i });
      expect(await settle(() => client!.events.length === i + 1)).to.equal(true);
    }
    expect(client!.comments).to.equal(0);
  });
});
