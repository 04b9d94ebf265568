import { Writable } from 'node:stream';
import { expect } from 'chai';
import type { Redis } from 'ioredis';
import pino from 'pino';
import { ServiceUnavailableException } from '../../../src/kernel/errors/exceptions';
import {
  closeRedisClient,
  createRedisClient,
  REDIS_UNAVAILABLE_MESSAGE,
  withRedis,
} from '../../../src/redis';
import { type RedisServer, startRedisServer } from '../../support/redis-server';
import { reachable, timed } from './redis-spec-helpers';

// Bounded failure: a stopped Redis gives 503s well within this, never a hang.
const FAIL_FAST_MS = 1500;

function capturingLogger() {
  const lines: { level: number; msg: string }[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  return { logger: pino({ level: 'info' }, stream), lines };
}

describe('redis: createRedisClient and withRedis', () => {
  let server: RedisServer;
  const clients: Redis[] = [];
  const client = (options = {}) => {
    const made = createRedisClient(server.url, options);
    clients.push(made);
    return made;
  };
  before(async () => {
    server = await startRedisServer();
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((made) => closeRedisClient(made)));
    await server.start().catch(() => {});
  });
  after(() => server.close());

  it('when called right after creation, waits for the connection and runs the command', async () => {
    const redis = client();
    expect(await withRedis(redis, () => redis.set('k', 'v'))).to.equal('OK');
    expect(await withRedis(redis, () => redis.get('k'))).to.equal('v');
  });

  it('when Redis is stopped, fails fast with a 503 ServiceUnavailableException that keeps the cause', async () => {
    const redis = client();
    await reachable(redis);
    await server.stop();
    for (let attempt = 0; attempt < 3; attempt++) {
      const { ms, error } = await timed(withRedis(redis, () => redis.get('k')));
      expect(error).to.be.instanceOf(ServiceUnavailableException);
      const exception = error as ServiceUnavailableException;
      expect(exception.toJSON()).to.deep.equal({
        statusCode: 503,
        error: 'Service Unavailable',
        message: REDIS_UNAVAILABLE_MESSAGE,
        code: 'SERVICE_UNAVAILABLE',
      });
      expect(exception.headers).to.deep.equal({ 'Retry-After': '1' });
      expect(exception.cause).to.be.instanceOf(Error);
      expect(ms).to.be.below(FAIL_FAST_MS);
    }
  });

  it('when the client is closed, fails with a 503 whose cause is coded and names the state', async () => {
    const redis = client();
    await reachable(redis);
    await closeRedisClient(redis);
    const { error } = await timed(withRedis(redis, () => redis.get('k')));
    expect(error).to.be.instanceOf(ServiceUnavailableException);
    const { cause } = error as ServiceUnavailableException;
    expect(cause).to.be.instanceOf(Error);
    expect(cause).to.include({ code: 'TRELLIS_ERR_REDIS_NOT_READY', message: 'Redis connection is end' });
  });

  it('when Redis comes back, the same client serves again on its own', async () => {
    const redis = client();
    await reachable(redis);
    await server.stop();
    await timed(withRedis(redis, () => redis.ping()));
    await server.start();
    expect(await reachable(redis)).to.equal('PONG');
  });

  it('when created while Redis is down, neither throws nor crashes, and connects once it is up', async () => {
    await server.stop();
    const redis = client();
    const { error } = await timed(withRedis(redis, () => redis.ping()));
    expect(error).to.be.instanceOf(ServiceUnavailableException);
    await server.start();
    expect(await reachable(redis)).to.equal('PONG');
  });

  it('logs one warning per outage and one line when Redis is back, not one per retry', async () => {
    const { logger, lines } = capturingLogger();
    const redis = client({ logger, name: 'spec-client' });
    await reachable(redis);
    await server.stop();
    await new Promise((resolve) => setTimeout(resolve, 400));
    await server.start();
    await reachable(redis);
    const warnings = lines.filter((line) => line.level === 40);
    expect(warnings).to.have.length(1);
    expect(warnings[0]).to.include({ redis: 'spec-client' });
    expect(lines.filter((line) => line.msg === 'Redis reachable again')).to.have.length(1);
  });

  it('when a command gets no reply within commandTimeoutMs, fails with a 503 instead of waiting', async () => {
    const redis = client({ commandTimeoutMs: 200 });
    await reachable(redis);
    const blocker = client();
    await reachable(blocker);
    // CLIENT PAUSE holds every client's commands longer than the command timeout.
    await blocker.call('CLIENT', 'PAUSE', '600', 'ALL');
    const { ms, error } = await timed(withRedis(redis, () => redis.get('k')));
    await blocker.call('CLIENT', 'UNPAUSE');
    expect(error).to.be.instanceOf(ServiceUnavailableException);
    expect(ms).to.be.below(500);
  });

  it('closeRedisClient closes a live client with QUIT', async () => {
    const redis = client();
    await reachable(redis);
    await closeRedisClient(redis);
    expect(redis.status).to.equal('end');
  });

  it('closeRedisClient closes at once when Redis is down, for good, and twice is harmless', async () => {
    const redis = client();
    await reachable(redis);
    await server.stop();
    const { ms } = await timed(closeRedisClient(redis));
    expect(ms).to.be.below(FAIL_FAST_MS);
    await closeRedisClient(redis);
    await server.start();
    await new Promise((resolve) => setTimeout(resolve, 300));
    const { error } = await timed(withRedis(redis, () => redis.ping()));
    expect(error).to.be.instanceOf(ServiceUnavailableException);
  });
});
