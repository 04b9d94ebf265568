import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import request from 'supertest';
import { rateLimit } from '../../../src';
import { rateLimitOf } from '../../support/rate-limit-fields';
import { recordingLogger, TOO_MANY } from './limited-app';

// What @fastify/middie hands a middleware: Node's own request and response, no Express methods.
describe('rateLimit on a bare node:http server', () => {
  const logger = recordingLogger();
  const limiter = rateLimit({ windowMs: 60_000, max: 5, logger });
  let server: Server;
  let url: string;

  before(async () => {
    server = createServer((req, res) => {
      limiter(req, res, (err) => {
        res.statusCode = err ? 599 : 200;
        res.end('passed');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('counts by the socket address and answers the 6th request with the JSON 429', async () => {
    for (let i = 1; i <= 5; i++) {
      const res = await request(url).get('/').expect(200, 'passed');
      expect(rateLimitOf(res.headers).remaining).to.equal(5 - i);
    }
    const res = await request(url).get('/').expect(429);
    expect(res.body).to.deep.equal(TOO_MANY);
    expect(res.headers['content-type']).to.match(/^application\/json/);
    expect(Number(res.headers['retry-after'])).to.be.within(1, 60);
    expect(rateLimitOf(res.headers)).to.deep.include({ limit: 5, remaining: 0 });
  });

  it('reports no misconfiguration', () => {
    expect(logger.messages).to.deep.equal([]);
  });
});
