import { createServer, request, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import pino from 'pino';
import { EventChannel } from '../../../src/sse/event-channel';
import { resolveSseLimits } from '../../../src/sse/sse-options';
import { SseStreams } from '../../../src/sse/sse-streams';

// A real response whose client has already gone: the request is sent, then destroyed, and the
// response is handed over once the server has seen the connection close.
async function abandonedResponse(): Promise<{ res: ServerResponse; close: () => Promise<void> }> {
  let handed!: (res: ServerResponse) => void;
  const response = new Promise<ServerResponse>((resolve) => (handed = resolve));
  const server = createServer((req, res) => {
    if (req.socket.destroyed) handed(res);
    else req.socket.once('close', () => handed(res));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const req = request({ host: '127.0.0.1', port, path: '/' });
  req.on('error', () => {});
  req.end();
  server.once('request', () => req.destroy());
  const res = await response;
  return { res, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

describe('SseStreams', () => {
  it('gives back the place and ends the iterable of a stream whose client left before it opened', async () => {
    const streams = new SseStreams(
      resolveSseLimits({ maxConnectionsPerClient: 1 }),
      pino({ level: 'silent' }),
    );
    const { res, close } = await abandonedResponse();
    try {
      expect(streams.reserve('client')).to.equal(true);
      expect(streams.reserve('client')).to.equal(false);
      let released = false;
      const channel = new EventChannel(() => (released = true));
      streams.start(res, channel, 'client');
      expect(released).to.equal(true);
      expect(streams.size).to.equal(0);
      expect(streams.reserve('client')).to.equal(true);
    } finally {
      await close();
    }
  });
});
