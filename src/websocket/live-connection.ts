import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { WebSocket } from 'ws';
import type { ContextVariable } from '../kernel';
import { CLOSE_CODES } from './close-codes';
import type { GatewayHub, HubMember } from './gateway-hub';
import type { BroadcastOptions, WebSocketConnection } from './websocket-connection';
import { MessageNotJsonError } from './websocket-errors';

function serialise(data: unknown): string {
  const text = JSON.stringify(data);
  if (text === undefined) throw new MessageNotJsonError();
  return text;
}

/** A connected client: the `WebSocketConnection` handlers get, over one `ws` socket. */
export class LiveConnection implements WebSocketConnection, HubMember {
  readonly id = randomUUID();
  readonly rooms = new Set<string>();
  private alive = true;

  constructor(
    private readonly socket: WebSocket,
    private readonly hub: GatewayHub,
    readonly user: ContextVariable<'user'> | undefined,
    private readonly maxBufferedBytes: number,
    private readonly logger: Logger,
  ) {
    socket.on('pong', () => {
      this.alive = true;
    });
  }

  send(data: unknown): void {
    this.sendText(serialise(data));
  }

  broadcast(data: unknown, options: BroadcastOptions = {}): void {
    this.hub.publish({ data: serialise(data), room: options.room, senderId: this.id });
  }

  join(room: string): void {
    this.hub.join(this, room);
  }

  leave(room: string): void {
    this.hub.leave(this, room);
  }

  close(code: number = CLOSE_CODES.NORMAL, reason?: string): void {
    this.socket.close(code, reason);
  }

  /** Drops the connection at once, without the closing handshake. */
  terminate(): void {
    this.socket.terminate();
  }

  /**
   * Sends serialised JSON. A client that leaves more than `maxBufferedBytes` unread is cut off:
   * keeping its backlog would let one stalled reader grow the server's memory without bound.
   */
  sendText(text: string): void {
    if (this.socket.readyState !== this.socket.OPEN) return;
    this.socket.send(text);
    const buffered = this.socket.bufferedAmount;
    if (buffered > this.maxBufferedBytes) {
      this.logger.warn(
        { connection: this.id, gateway: this.hub.path, buffered },
        'slow WebSocket client dropped',
      );
      this.socket.terminate();
    }
  }

  /** One heartbeat: a peer that did not answer the previous ping is dropped, the others pinged again. */
  heartbeat(): void {
    if (this.socket.readyState !== this.socket.OPEN) return;
    if (!this.alive) {
      this.logger.info(
        { connection: this.id, gateway: this.hub.path },
        'unresponsive WebSocket client dropped',
      );
      this.socket.terminate();
      return;
    }
    this.alive = false;
    this.socket.ping();
  }
}
