import { expect } from 'chai';
import { LoginFailureSpacing } from '../../../modules/auth/login-failure-spacing';

describe('auth: the spacing after a failed login, in memory', () => {
  let clock: number;
  const now = () => clock;
  beforeEach(() => {
    clock = 1_000;
  });

  it('gives the milliseconds left after a failure, and none once they have passed', () => {
    const spacing = new LoginFailureSpacing(1000, 10, now, 1);
    spacing.failed('ada');
    clock += 400;
    expect(spacing.remaining('ada')).to.equal(600);
    expect(spacing.remaining('grace')).to.equal(0);
    clock += 600;
    expect(spacing.remaining('ada')).to.equal(0);
  });

  it('drops expired usernames as it is read, so a long run of failures holds only the live ones', () => {
    const spacing = new LoginFailureSpacing(1000, 100_000, now, 1);
    for (let i = 0; i < 5_000; i++) {
      spacing.failed(`user-${i}`);
      clock += 10;
    }
    // A failure every 10 ms, each spaced for 1 s: about 100 are live at any moment.
    expect(spacing.size).to.be.within(100, 101);
    clock += 1000;
    spacing.remaining('anyone');
    expect(spacing.size).to.equal(0);
  });

  it('at the cap, a new failure ends the spacing nearest its end early, and memory stays at the cap', () => {
    const spacing = new LoginFailureSpacing(60_000, 3, now, 1);
    for (const name of ['a', 'b', 'c']) {
      spacing.failed(name);
      clock += 1;
    }
    spacing.failed('d');
    expect(spacing.size).to.equal(3);
    expect(spacing.remaining('a')).to.equal(0);
    for (const name of ['b', 'c', 'd']) expect(spacing.remaining(name)).to.be.greaterThan(0);
  });

  it('a repeated failure adds a spacing to the time left and moves it last in line for the cap', () => {
    const spacing = new LoginFailureSpacing(60_000, 2, now, 1);
    spacing.failed('a');
    clock += 1;
    spacing.failed('b');
    clock += 1;
    spacing.failed('a');
    expect(spacing.remaining('a')).to.equal(120_000 - 2);
    spacing.failed('c');
    expect(spacing.remaining('b')).to.equal(0);
    expect(spacing.remaining('a')).to.be.greaterThan(0);
  });

  it('lets a burst of failures through back to back, then one per spacing as time passes', () => {
    const spacing = new LoginFailureSpacing(1000, 10, now, 3);
    for (let i = 0; i < 3; i++) {
      expect(spacing.remaining('ada')).to.equal(0);
      spacing.failed('ada');
    }
    expect(spacing.remaining('ada')).to.equal(1000);
    clock += 1000;
    expect(spacing.remaining('ada')).to.equal(0);
    spacing.failed('ada');
    expect(spacing.remaining('ada')).to.equal(1000);
    // Quiet for the whole burst's length: the burst is whole again.
    clock += 4000;
    for (let i = 0; i < 3; i++) {
      expect(spacing.remaining('ada')).to.equal(0);
      spacing.failed('ada');
    }
    expect(spacing.remaining('ada')).to.be.greaterThan(0);
  });

  it('clear forgets the failures of its username only', () => {
    const spacing = new LoginFailureSpacing(1000, 10, now, 1);
    spacing.failed('ada');
    spacing.failed('grace');
    spacing.clear('ada');
    expect(spacing.remaining('ada')).to.equal(0);
    expect(spacing.remaining('grace')).to.equal(1000);
  });

  it('with a spacing of 0, a failure holds nothing', () => {
    const spacing = new LoginFailureSpacing(0, 10, now, 1);
    spacing.failed('ada');
    expect(spacing.remaining('ada')).to.equal(0);
    expect(spacing.size).to.equal(0);
  });
});
