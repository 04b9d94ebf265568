import { expect } from 'chai';
import sinon from 'sinon';
import { DatabaseHealth } from '../../../sample/database/database-health';
import { HealthController } from '../../../sample/health/health-controller';

describe('HealthController', () => {
  it('when the database answers, says ok', () => {
    const health = sinon.createStubInstance(DatabaseHealth);
    health.isUp.returns(true);
    expect(new HealthController(health).check()).to.deep.equal({ status: 'ok' });
  });

  it('when the database does not answer, throws 503', () => {
    const health = sinon.createStubInstance(DatabaseHealth);
    health.isUp.returns(false);
    expect(() => new HealthController(health).check())
      .to.throw('Database unreachable')
      .with.property('statusCode', 503);
  });
});
