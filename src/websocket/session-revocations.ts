import type { Broadcaster, Unsubscribe } from './broadcaster';

/** A session that ended (`sessionId`), or every session of a user (`userId`). */
export interface SessionRevocation {
  /** The session that ended, when one did. */
  sessionId?: string;
  /** The user whose sessions all ended, when all did. */
  userId?: string | number;
}

/** Hears each revocation, from this instance or another. */
export type RevocationListener = (revocation: SessionRevocation) => void;

/**
 * The seam between whoever ends sessions (the auth module, on logout, refresh-token replay or
 * `revokeAllSessions`) and whoever holds connections that must end with them (WebSocket
 * gateways, GraphQL over WebSocket): a revocation published here reaches the subscribers of
 * every instance.
 */
export interface SessionRevocations {
  /** Announces that a session, or all of a user's, ended. */
  revoke(revocation: SessionRevocation): Promise<void>;
  /** Listens to revocations until the returned function is called. */
  subscribe(listener: RevocationListener): Promise<Unsubscribe>;
}

/** The container token of the application's `SessionRevocations`. */
export const SESSION_REVOCATIONS = Symbol.for('trellis.SessionRevocations');

// Not a path, so no gateway can share it.
const CHANNEL = 'trellis:sessions';

function decode(data: string): SessionRevocation | undefined {
  try {
    const value = JSON.parse(data) as SessionRevocation | null;
    const session = value?.sessionId;
    const user = value?.userId;
    const sessionOk = session === undefined || typeof session === 'string';
    const userOk = user === undefined || typeof user === 'string' || typeof user === 'number';
    if (!value || !sessionOk || !userOk || (session === undefined && user === undefined)) return undefined;
    return { sessionId: session, userId: user };
  } catch {
    return undefined;
  }
}

/**
 * Revocations over the application's `Broadcaster`, on a channel of their own: in process with
 * the `LocalBroadcaster`, across instances with the `RedisBroadcaster`, with nothing more to set up.
 */
export class BroadcastSessionRevocations implements SessionRevocations {
  constructor(private readonly broadcaster: Broadcaster) {}

  /** {@inheritDoc SessionRevocations.revoke} */
  async revoke(revocation: SessionRevocation): Promise<void> {
    await this.broadcaster.publish(CHANNEL, { data: JSON.stringify(revocation) });
  }

  /** {@inheritDoc SessionRevocations.subscribe} */
  async subscribe(listener: RevocationListener): Promise<Unsubscribe> {
    return this.broadcaster.subscribe(CHANNEL, (envelope) => {
      const revocation = decode(envelope.data);
      if (revocation) listener(revocation);
    });
  }
}
