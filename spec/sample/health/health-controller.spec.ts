import { expect } from 'chai';
import sinon from 'sinon';
import { DatabaseHealth } from '../../../sample/database/database-health';
import { HealthController } from '../../../sample/health/health-controller';
import { HealthChecks } from '../../../src';

describe('HealthController', () => {
  it('when the database answers, says ok', async () => {
    const health = sinon.createStubInstance(DatabaseHealth);
    health.isUp.resolves(true);
    expect(await new HealthController(health, new HealthChecks()).check()).to.deep.equal({ status: 'ok' });
  });

  it('when the database does not answer, throws 503', async () => {
    const health = sinon.createStubInstance(DatabaseHealth);
    health.isUp.resolves(false);
    const refused = await new HealthController(health, new HealthChecks()).check().then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(refused).to.include({ message: 'Database unreachable', statusCode: 503 });
  });

  it('is ready with every check up, and names the ones down otherwise', async () => {
    const database = sinon.createStubInstance(DatabaseHealth);
    let redisUp = true;
    const checks = new HealthChecks()
      .addCheck('database', () => true)
      .addCheck('redis:commands', () => redisUp);
    const controller = new HealthController(database, checks);
    expect(await controller.ready()).to.deep.equal({
      status: 'ok',
      checks: { database: 'up', 'redis:commands': 'up' },
    });
    redisUp = false;
    const refused = await controller.ready().then(
      () => undefined,
      (err: { statusCode: number; message: string }) => err,
    );
    expect(refused).to.include({ statusCode: 503, message: 'Not ready: redis:commands unreachable' });
    checks.markShuttingDown();
    redisUp = true;
    const closing = await controller.ready().catch((err: Error) => err.message);
    expect(closing).to.equal('Not ready: shutting down');
  });
});
