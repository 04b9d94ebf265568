import type { IncomingMessage } from 'node:http';
import { type GuardCheck, sessionOf } from '../kernel';
import {
  type ClosableConnection,
  type SessionRevocations,
  SessionSockets,
  type Unsubscribe,
} from '../websocket';
import { subscriptionContext } from './subscription-context';

/** A graphql-ws socket as `SubscriptionSessions` follows it. */
export interface SubscriptionSocket extends ClosableConnection {
  readonly readyState: number;
  once(event: 'close', listener: () => void): unknown;
}

// ws's WebSocket.OPEN, without loading ws here.
const OPEN = 1;

/**
 * The graphql-ws connections whose `connection_init` carried a token, closed with 4401 when that
 * session ends (a revocation from any instance) or the token expires, idle or not. The token is
 * checked once, at `connection_init`, by the `auth` guard kind compiled for WebSockets; a token it
 * refuses leaves the connection as it was (its guarded operations are refused one by one).
 */
export class SubscriptionSessions {
  private readonly sockets = new SessionSockets<SubscriptionSocket>();
  private unsubscribe?: Unsubscribe;

  constructor(
    private readonly authenticate: GuardCheck,
    private readonly revocations: SessionRevocations,
  ) {}

  /** Listens to revocations, once the server exists. */
  async attach(): Promise<void> {
    this.unsubscribe ??= await this.revocations.subscribe((revocation) => this.sockets.revoke(revocation));
  }

  /** Stops listening. */
  async detach(): Promise<void> {
    const unsubscribe = this.unsubscribe;
    this.unsubscribe = undefined;
    await unsubscribe?.();
  }

  /**
   * At `connection_init`: follows `socket` when its payload's `authorization` names a live
   * session; resolves to whether it does.
   */
  async follow(
    socket: SubscriptionSocket,
    req: IncomingMessage,
    connectionParams: unknown,
  ): Promise<boolean> {
    const authorization = (connectionParams as { authorization?: unknown } | undefined)?.authorization;
    if (typeof authorization !== 'string') return false;
    const ctx = subscriptionContext(req, connectionParams);
    try {
      await this.authenticate(ctx);
    } catch {
      return false;
    }
    // The check may have awaited a store: the client may be gone by now.
    const session = sessionOf(ctx);
    if (!session || socket.readyState !== OPEN) return false;
    this.sockets.track(socket, session);
    socket.once('close', () => this.sockets.untrack(socket));
    return true;
  }
}
