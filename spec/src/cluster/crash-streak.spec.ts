import { expect } from 'chai';
import { CrashStreak } from '../../../src/cluster/crash-streak';

describe('CrashStreak: when serve() gives up on workers that keep dying', () => {
  it('doubles the back-off for each crash in a row and gives up at the bound', () => {
    const streak = new CrashStreak(100, 5);
    const delays = [0, 1_000, 2_000, 3_000, 4_000].map((at) => streak.record(at));
    expect(delays).to.deep.equal([100, 200, 400, 800, undefined]);
    expect(streak.crashes).to.equal(5);
  });

  it('starts a new streak when a crash comes more than 60 s after the one before', () => {
    const streak = new CrashStreak(100, 3);
    expect(streak.record(0)).to.equal(100);
    expect(streak.record(30_000)).to.equal(200);
    expect(streak.record(90_001)).to.equal(100);
    expect(streak.crashes).to.equal(1);
  });

  it('waits at most 30 s between replacements', () => {
    const streak = new CrashStreak(20_000, 10);
    expect([0, 1, 2].map((at) => streak.record(at))).to.deep.equal([20_000, 30_000, 30_000]);
  });
});
