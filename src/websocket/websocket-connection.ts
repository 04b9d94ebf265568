import type { ContextVariable } from '../kernel';

/** Where a broadcast goes. */
export interface BroadcastOptions {
  /** Only the clients in this room; every client of the gateway when absent. */
  room?: string;
}

/** One client of a gateway, as its handlers see it. */
export interface WebSocketConnection {
  /** A random id, unique across instances. */
  readonly id: string;
  /** The caller, when the gateway's guards authenticated one. */
  readonly user?: ContextVariable<'user'>;
  /** The rooms this client joined. */
  readonly rooms: ReadonlySet<string>;
  /** Sends `data` as JSON to this client. */
  send(data: unknown): void;
  /** Sends `data` as JSON to the other clients of the gateway (of `room` only, when given), on every instance. */
  broadcast(data: unknown, options?: BroadcastOptions): void;
  /** Adds the connection to a room (for `broadcast(data, { room })`). */
  join(room: string): void;
  /** Takes the connection out of a room. */
  leave(room: string): void;
  /** Closes the connection (normal closure unless told otherwise). */
  close(code?: number, reason?: string): void;
}
