import { expect } from 'chai';
import { InMemoryTokenStore } from '../../../modules/auth';

describe('auth: InMemoryTokenStore', () => {
  let now: number;
  let store: InMemoryTokenStore;
  beforeEach(() => {
    now = 1_000_000;
    store = new InMemoryTokenStore({ now: () => now, sweepIntervalMs: 1_000 });
  });
  const start = (sessionId: string, userId: string | number = 'u1', ttl = 10) =>
    store.createSession({ sessionId, userId, refreshJti: `${sessionId}-r0`, ttl });

  it('when the presented token is current, it rotates and keeps the session alive', async () => {
    await start('s1');
    expect(await store.rotate('s1', 's1-r0', 's1-r1', 10)).to.equal('rotated');
    expect(await store.rotate('s1', 's1-r1', 's1-r2', 10)).to.equal('rotated');
    expect(await store.isActive('s1')).to.equal(true);
  });

  it('when a rotated token is presented again, it answers reused and ends the session', async () => {
    await start('s1');
    await store.rotate('s1', 's1-r0', 's1-r1', 10);
    expect(await store.rotate('s1', 's1-r0', 's1-x', 10)).to.equal('reused');
    expect(await store.isActive('s1')).to.equal(false);
    expect(await store.rotate('s1', 's1-r1', 's1-r2', 10)).to.equal('unknown');
  });

  it('when two rotations race with one token, exactly one is rotated', async () => {
    await start('s1');
    const outcomes = await Promise.all([
      store.rotate('s1', 's1-r0', 'a', 10),
      store.rotate('s1', 's1-r0', 'b', 10),
    ]);
    expect(outcomes.filter((outcome) => outcome === 'rotated')).to.have.length(1);
  });

  it('when the session outlives its ttl without a refresh, it is gone', async () => {
    await start('s1', 'u1', 10);
    now += 9_000;
    expect(await store.isActive('s1')).to.equal(true);
    expect(await store.rotate('s1', 's1-r0', 's1-r1', 10)).to.equal('rotated');
    now += 9_000;
    expect(await store.isActive('s1')).to.equal(true);
    now += 1_001;
    expect(await store.isActive('s1')).to.equal(false);
    expect(await store.rotate('s1', 's1-r1', 's1-r2', 10)).to.equal('unknown');
  });

  it('ends one session, or every session of one user', async () => {
    await start('a1', 'ada');
    await start('a2', 'ada');
    await start('g1', 'grace');
    await store.endSession('a1');
    expect(await store.isActive('a1')).to.equal(false);
    expect(await store.isActive('a2')).to.equal(true);
    await store.endUserSessions('ada');
    expect(await store.isActive('a2')).to.equal(false);
    expect(await store.isActive('g1')).to.equal(true);
    await store.endSession('unknown');
    await store.endUserSessions('nobody');
  });

  it('does not grow without bound: expired sessions are swept by later writes', async () => {
    for (let i = 0; i < 100; i++) await start(`old-${i}`, `user-${i}`, 1);
    expect(store.size).to.equal(100);
    now += 2_000;
    await start('fresh', 'user-fresh', 1);
    expect(store.size).to.equal(1);
    // The per-user index went with them: revoking an expired user's sessions touches nothing live.
    await store.endUserSessions('user-1');
    expect(await store.isActive('fresh')).to.equal(true);
  });
});
