import { expect } from 'chai';
import sinon from 'sinon';
import { SESSION_CLOSE_REASONS, SessionSockets } from '../../../src/websocket/session-sockets';

class FakeConnection {
  readonly closes: [number, string][] = [];
  close(code: number, reason: string) {
    this.closes.push([code, reason]);
  }
}

const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const HOUR = 3_600_000;

describe('SessionSockets', () => {
  it('closes every connection of a revoked session with 4401, and only those', () => {
    const sockets = new SessionSockets<FakeConnection>();
    const [a1, a2, b] = [new FakeConnection(), new FakeConnection(), new FakeConnection()];
    const expiresAt = Date.now() + HOUR;
    sockets.track(a1, { id: 'sa', userId: 1, expiresAt });
    sockets.track(a2, { id: 'sa', userId: 1, expiresAt });
    sockets.track(b, { id: 'sb', userId: 1, expiresAt });
    sockets.revoke({ sessionId: 'sa' });
    expect(a1.closes).to.deep.equal([[4401, 'Session ended']]);
    expect(a2.closes).to.deep.equal([[4401, 'Session ended']]);
    expect(b.closes).to.deep.equal([]);
    expect(sockets.size).to.equal(1);
  });

  it('closes every session of a revoked user, whether the id comes as a number or a string', () => {
    const sockets = new SessionSockets<FakeConnection>();
    const [mine, theirs] = [new FakeConnection(), new FakeConnection()];
    const expiresAt = Date.now() + HOUR;
    sockets.track(mine, { id: 's1', userId: 7, expiresAt });
    sockets.track(theirs, { id: 's2', userId: 8, expiresAt });
    sockets.revoke({ userId: '7' });
    expect(mine.closes).to.have.length(1);
    expect(theirs.closes).to.deep.equal([]);
  });

  it('closes a connection when its token expires, with 4401 and a short reason', async () => {
    const sockets = new SessionSockets<FakeConnection>();
    const connection = new FakeConnection();
    sockets.track(connection, { id: 's', userId: 1, expiresAt: Date.now() + 30 });
    expect(connection.closes).to.deep.equal([]);
    await later(80);
    expect(connection.closes).to.deep.equal([[4401, SESSION_CLOSE_REASONS.expired]]);
    expect(sockets.size).to.equal(0);
  });

  it('closes at once a connection whose token has already expired', () => {
    const sockets = new SessionSockets<FakeConnection>();
    const connection = new FakeConnection();
    sockets.track(connection, { id: 's', userId: 1, expiresAt: Date.now() - 1 });
    expect(connection.closes).to.deep.equal([[4401, 'Token expired']]);
  });

  it('re-arms in steps an expiry beyond the longest timer, closing neither early nor late', () => {
    const clock = sinon.useFakeTimers({ now: 0, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    try {
      const sockets = new SessionSockets<FakeConnection>(() => clock.now);
      const connection = new FakeConnection();
      const expiresAt = 40 * 24 * HOUR;
      sockets.track(connection, { id: 's', userId: 1, expiresAt });
      // The longest timer (about 24.8 days) fires first and arms the rest.
      clock.tick(2 ** 31 - 1);
      expect(connection.closes).to.deep.equal([]);
      clock.tick(30 * 24 * HOUR - clock.now);
      expect(connection.closes).to.deep.equal([]);
      clock.tick(expiresAt - 1 - clock.now);
      expect(connection.closes).to.deep.equal([]);
      clock.tick(1);
      expect(connection.closes).to.deep.equal([[4401, SESSION_CLOSE_REASONS.expired]]);
      expect(sockets.size).to.equal(0);
    } finally {
      clock.restore();
    }
  });

  it('forgets an untracked connection: no timer fires and revocations pass it by', async () => {
    const sockets = new SessionSockets<FakeConnection>();
    const connection = new FakeConnection();
    sockets.track(connection, { id: 's', userId: 1, expiresAt: Date.now() + 20 });
    sockets.untrack(connection);
    sockets.revoke({ sessionId: 's', userId: 1 });
    await later(50);
    expect(connection.closes).to.deep.equal([]);
    expect(sockets.size).to.equal(0);
  });
});
