import { expect } from 'chai';
import {
  BadRequestException,
  InternalServerErrorException,
  ServiceUnavailableException,
} from '../../../src/kernel/errors/exceptions';
import { reportFailure } from '../../../src/logging/report-failure';
import { captureLogs } from '../observability/log-capture';

describe('reportFailure()', () => {
  it('logs a 5xx as an error with its cause and where it happened', () => {
    const logs = captureLogs();
    const cause = new Error('disk on fire');
    reportFailure(
      logs.logger,
      new InternalServerErrorException(undefined, { cause }),
      { gateway: '/chat' },
      'failed',
    );
    expect(logs.lines).to.have.length(1);
    expect(logs.lines[0]).to.include({ level: 50, msg: 'failed', gateway: '/chat', statusCode: 500 });
    expect((logs.lines[0].err as { message: string }).message).to.equal('disk on fire');
  });

  it('logs a 503 as one short warning, without a stack', () => {
    const logs = captureLogs();
    reportFailure(
      logs.logger,
      new ServiceUnavailableException('Redis unreachable'),
      { resolver: 'Q.a' },
      'failed',
    );
    expect(logs.lines).to.have.length(1);
    expect(logs.lines[0]).to.include({
      level: 40,
      msg: 'Redis unreachable',
      resolver: 'Q.a',
      statusCode: 503,
    });
    expect(logs.lines[0]).not.to.have.property('err');
  });

  it('does not log a 4xx', () => {
    const logs = captureLogs();
    reportFailure(logs.logger, new BadRequestException('nope'), {}, 'failed');
    expect(logs.lines).to.deep.equal([]);
  });
});
