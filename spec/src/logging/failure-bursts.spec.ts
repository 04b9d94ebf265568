import { expect } from 'chai';
import { FailureBursts } from '../../../src/logging/failure-bursts';
import { capturingLogger } from '../../support/capturing-logger';

const QUIET_MS = 60;

function quiet(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, QUIET_MS * 3));
}

describe('FailureBursts', () => {
  it('logs the first of a burst with its fields, counts the rest, and logs the count once it is over', async () => {
    const { logger, lines } = capturingLogger();
    const bursts = new FailureBursts(logger, QUIET_MS);
    for (let i = 0; i < 50; i++) bursts.warn({ route: '/tasks', n: i }, 'Redis unreachable');
    expect(lines).to.have.length(1);
    expect(lines[0]).to.include({ level: 40, msg: 'Redis unreachable', route: '/tasks', n: 0 });
    await quiet();
    expect(lines).to.have.length(2);
    expect(lines[1]).to.include({
      level: 40,
      repeated: 49,
      msg: 'Redis unreachable (over: 49 more since the first)',
    });
  });

  it('starts a new burst after a quiet spell, logging its first failure again', async () => {
    const { logger, lines } = capturingLogger();
    const bursts = new FailureBursts(logger, QUIET_MS);
    bursts.warn({}, 'Redis unreachable');
    await quiet();
    bursts.warn({}, 'Redis unreachable');
    expect(lines.map((line) => line.msg)).to.deep.equal(['Redis unreachable', 'Redis unreachable']);
  });

  it('keeps different failures apart', () => {
    const { logger, lines } = capturingLogger();
    const bursts = new FailureBursts(logger, QUIET_MS);
    bursts.warn({}, 'Redis unreachable');
    bursts.warn({}, 'Database unreachable');
    bursts.warn({}, 'Redis unreachable');
    expect(lines.map((line) => line.msg)).to.deep.equal(['Redis unreachable', 'Database unreachable']);
  });
});
