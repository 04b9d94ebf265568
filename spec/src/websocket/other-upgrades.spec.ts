import { connect, type Socket } from 'node:net';
import { expect } from 'chai';
import { z } from 'zod';
import { Body, Controller, createApp, Get, OnMessage, Post, WebSocket } from '../../../src';
import { forEachEngine } from '../../support/engines';
import { type Served, serve } from '../../support/serve';

@Controller('/plain')
class PlainController {
  @Get()
  hello() {
    return { hello: 'world' };
  }

  @Post('/echo')
  echo(@Body(z.object({ text: z.string() })) body: { text: string }) {
    return { echoed: body.text };
  }
}

@WebSocket('/live')
class LiveGateway {
  @OnMessage()
  message() {
    return { ok: true };
  }
}

/** Writes raw requests on one socket and collects everything the server answers until it pauses. */
async function exchange(url: string, requests: string[]): Promise<string> {
  const { port } = new URL(url);
  const socket: Socket = connect(Number(port), '127.0.0.1');
  let received = '';
  socket.on('data', (chunk) => {
    received += chunk.toString('latin1');
  });
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  for (const raw of requests) {
    const before = received.length;
    socket.write(raw);
    for (let i = 0; i < 200 && received.length === before; i++)
      await new Promise((resolve) => setTimeout(resolve, 5));
    // Let the rest of the answer arrive.
    await new Promise((resolve) => setTimeout(resolve, 30));
  }
  socket.destroy();
  return received;
}

const h2c =
  'Connection: Upgrade, HTTP2-Settings\r\nUpgrade: h2c\r\nHTTP2-Settings: AAMAAABkAAQAoAAAAAIAAAAA\r\n';

describe('WebSocket gateways: upgrades to other protocols', () => {
  forEachEngine((engine) => {
    let served: Served;
    before(async () => {
      served = await serve(createApp({ engine, controllers: [PlainController], gateways: [LiveGateway] }));
    });
    after(() => served.close());

    it('answers a GET with Upgrade: h2c (as curl sends it) as an ordinary request', async () => {
      const answer = await exchange(served.url, [`GET /plain HTTP/1.1\r\nHost: x\r\n${h2c}\r\n`]);
      expect(answer).to.match(/^HTTP\/1\.1 200 /);
      expect(answer).to.include('{"hello":"world"}');
      expect(answer.toLowerCase()).not.to.include('upgrade: h2c');
    });

    it('reads the body of a POST with Upgrade: h2c and keeps the connection for the next request', async () => {
      const body = JSON.stringify({ text: 'hola' });
      const answer = await exchange(served.url, [
        `POST /plain/echo HTTP/1.1\r\nHost: x\r\n${h2c}Content-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`,
        'GET /plain HTTP/1.1\r\nHost: x\r\n\r\n',
      ]);
      expect(answer).to.match(/^HTTP\/1\.1 201 /);
      expect(answer).to.include('{"echoed":"hola"}');
      expect(answer).to.include('{"hello":"world"}');
    });

    it('answers an unknown path with Upgrade: h2c with the ordinary JSON 404', async () => {
      const answer = await exchange(served.url, [`GET /nowhere HTTP/1.1\r\nHost: x\r\n${h2c}\r\n`]);
      expect(answer).to.match(/^HTTP\/1\.1 404 /);
      expect(answer).not.to.include('No WebSocket gateway');
    });

    it('still refuses Upgrade: websocket on a path without a gateway with 404', async () => {
      const answer = await exchange(served.url, [
        'GET /plain HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n',
      ]);
      expect(answer).to.match(/^HTTP\/1\.1 404 /);
      expect(answer).to.include('No WebSocket gateway at /plain');
    });
  });
});
