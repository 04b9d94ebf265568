import { expect } from 'chai';
import pino from 'pino';
import {
  BadRequestException,
  InternalServerErrorException,
  ServiceUnavailableException,
} from '../../../src/errors/exceptions';
import { reportFailure } from '../../../src/logging/report-failure';

function recordingLogger() {
  const lines: Record<string, unknown>[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line)) });
  return { logger, lines };
}

describe('reportFailure()', () => {
  it('logs a 5xx as an error with its cause and where it happened', () => {
    const { logger, lines } = recordingLogger();
    const cause = new Error('disk on fire');
    reportFailure(
      logger,
      new InternalServerErrorException(undefined, { cause }),
      { gateway: '/chat' },
      'failed',
    );
    expect(lines).to.have.length(1);
    expect(lines[0]).to.include({ level: 50, msg: 'failed', gateway: '/chat', statusCode: 500 });
    expect((lines[0].err as { message: string }).message).to.equal('disk on fire');
  });

  it('logs a 503 as one short warning, without a stack', () => {
    const { logger, lines } = recordingLogger();
    reportFailure(
      logger,
      new ServiceUnavailableException('Redis unreachable'),
      { resolver: 'Q.a' },
      'failed',
    );
    expect(lines).to.have.length(1);
    expect(lines[0]).to.include({ level: 40, msg: 'Redis unreachable', resolver: 'Q.a', statusCode: 503 });
    expect(lines[0]).not.to.have.property('err');
  });

  it('does not log a 4xx', () => {
    const { logger, lines } = recordingLogger();
    reportFailure(logger, new BadRequestException('nope'), {}, 'failed');
    expect(lines).to.deep.equal([]);
  });
});
