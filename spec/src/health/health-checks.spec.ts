import { expect } from 'chai';
import request from 'supertest';
import { Controller, createApp, Get, HealthChecks, ServiceUnavailableException } from '../../../src';
import { capturingLogger } from '../../support/capturing-logger';
import { forEachEngine } from '../../support/engines';
import { expectThrowsCode, expectThrowsCoded } from '../../support/expect-code';
import { type Served, serve } from '../../support/serve';

@Controller('/health')
class ProbeController {
  constructor(private readonly health: HealthChecks) {}

  @Get('/live')
  live() {
    return { status: 'ok' };
  }

  @Get('/ready')
  async ready() {
    const report = await this.health.readiness();
    if (!report.ready) throw new ServiceUnavailableException('Not ready');
    return report;
  }
}

describe('HealthChecks', () => {
  it('is ready when every check passes, and names each', async () => {
    const health = new HealthChecks().addCheck('db', () => true).addCheck('cache', async () => true);
    expect(await health.readiness()).to.deep.equal({
      ready: true,
      checks: { db: 'up', cache: 'up' },
      shuttingDown: false,
    });
  });

  it('is not ready when a check fails, throws, rejects or answers too late', async () => {
    const health = new HealthChecks()
      .addCheck('false', () => false)
      .addCheck('throws', () => {
        throw new Error('down');
      })
      .addCheck('rejects', () => Promise.reject(new Error('down')))
      .addCheck('slow', () => new Promise<boolean>((resolve) => setTimeout(() => resolve(true), 500)), {
        timeoutMs: 50,
      })
      .addCheck('fine', () => true);
    const started = Date.now();
    const report = await health.readiness();
    expect(Date.now() - started).to.be.below(400);
    expect(report.ready).to.equal(false);
    expect(report.checks).to.deep.equal({
      false: 'down',
      throws: 'down',
      rejects: 'down',
      slow: 'down',
      fine: 'up',
    });
  });

  it('is not ready once shutting down, whatever the checks say', async () => {
    const health = new HealthChecks().addCheck('db', () => true);
    health.markShuttingDown();
    expect(await health.readiness()).to.deep.equal({
      ready: false,
      checks: { db: 'up' },
      shuttingDown: true,
    });
  });

  it('refuses two checks under one name', () => {
    const health = new HealthChecks().addCheck('db', () => true);
    expect(() => health.addCheck('db', () => true)).to.throw("Health check 'db' is already registered");
    expectThrowsCoded(() => health.addCheck('db', () => true), Error, 'TRELLIS_ERR_DUPLICATE_HEALTH_CHECK');
  });

  it('refuses a negative or fractional shutdownDelayMs when the app is created', () => {
    for (const shutdownDelayMs of [-1, 1.5, Number.NaN]) {
      const err = expectThrowsCode(() => createApp({ shutdownDelayMs }), 'TRELLIS_ERR_INVALID_OPTION');
      expect(err.message.startsWith('options.shutdownDelayMs:')).to.equal(true, err.message);
    }
  });
});

describe('readiness over HTTP', () => {
  forEachEngine((engine) => {
    let served: Served;
    let up = true;
    beforeEach(async () => {
      up = true;
      const app = createApp({ engine, controllers: [ProbeController], shutdownDelayMs: 400 });
      app.health.addCheck('dependency', () => up);
      served = await serve(app);
    });
    afterEach(() => served.close());

    it('answers 200 while the checks pass and 503 while one fails', async () => {
      const ok = await request(served.url).get('/health/ready').expect(200);
      expect(ok.body).to.deep.equal({ ready: true, checks: { dependency: 'up' }, shuttingDown: false });
      up = false;
      const down = await request(served.url).get('/health/ready').expect(503);
      expect(down.body).to.deep.equal({
        statusCode: 503,
        error: 'Service Unavailable',
        message: 'Not ready',
        code: 'SERVICE_UNAVAILABLE',
      });
      await request(served.url).get('/health/live').expect(200);
      up = true;
      await request(served.url).get('/health/ready').expect(200);
    });

    it('on close(), turns readiness 503 for shutdownDelayMs while still serving, then stops', async () => {
      const started = Date.now();
      const closing = served.close();
      await request(served.url).get('/health/ready').expect(503);
      await request(served.url).get('/health/live').expect(200);
      await closing;
      expect(Date.now() - started).to.be.at.least(380);
      const refused = await fetch(`${served.url}/health/live`).then(
        () => 'answered',
        () => 'refused',
      );
      expect(refused).to.equal('refused');
    });

    it('logs when the drain starts and ends, and the readiness 503s of the drain at info, not as failures', async () => {
      const { logger, lines } = capturingLogger();
      up = false;
      const app = createApp({
        engine,
        controllers: [ProbeController],
        shutdownDelayMs: 300,
        accessLog: true,
        logger,
      });
      app.health.addCheck('dependency', () => up);
      const drained = await serve(app);
      await request(drained.url).get('/health/ready').expect(503);
      up = true;
      const closing = drained.close();
      await request(drained.url).get('/health/ready').expect(503);
      await closing;
      const messages = lines.map((line) => `${line.level} ${line.msg}`);
      const start = messages.indexOf('30 draining: readiness fails, requests in flight finish');
      const end = messages.indexOf('30 drained: closing');
      expect(start, messages.join('\n')).to.be.greaterThan(-1);
      expect(end).to.be.greaterThan(start);
      expect(lines[end].ms).to.be.a('number');
      // Before the drain, a 503 is a failure; during it, an answer like any other.
      expect(messages.slice(0, start)).to.include('50 request failed');
      expect(messages.slice(start)).to.include('30 request refused while draining');
      expect(messages.slice(start)).not.to.include('50 request failed');
    });
  });
});
