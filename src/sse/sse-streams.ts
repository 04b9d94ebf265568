import type { ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import type { LiveSession as ConnectionSession } from '../kernel';
import { ClientPlaces, SessionSockets } from '../websocket';
import { EventStream } from './event-stream';
import type { SseLimits } from './sse-options';

/**
 * The open event streams of this instance: counted per client (the cap), followed by session
 * (a logout or an expired token ends them), and ended together at shutdown.
 */
export class SseStreams {
  private readonly open = new Set<EventStream>();
  private readonly places: ClientPlaces;
  // Set by closeAll: a stream whose guards were still running at shutdown ends as it opens.
  private closing = false;
  /** Closes a stream when its session is revoked or its token expires. */
  readonly sessions = new SessionSockets<EventStream>();

  constructor(
    readonly limits: SseLimits,
    private readonly logger: Logger,
  ) {
    this.places = new ClientPlaces(limits.maxConnectionsPerClient);
  }

  /** Streams open now. */
  get size(): number {
    return this.open.size;
  }

  /** Holds one of `client`'s places; false when it already holds `maxConnectionsPerClient`. */
  reserve(client: string): boolean {
    return this.places.take(client);
  }

  /** Gives back a place that `reserve` held. */
  release(client: string): void {
    this.places.give(client);
  }

  /** Opens a stream in `client`'s reserved place; it gives the place back when it ends. */
  start(
    res: ServerResponse,
    iterator: AsyncIterator<unknown> | Iterator<unknown>,
    client: string,
    session?: ConnectionSession,
  ): EventStream {
    // Declared first: a stream whose client has already gone ends inside its constructor, before
    // `stream` is assigned, and its end must still give the place back.
    let stream: EventStream | undefined;
    stream = new EventStream(res, iterator, this.limits, this.logger, () => {
      if (stream) {
        this.open.delete(stream);
        this.sessions.untrack(stream);
      }
      this.release(client);
    });
    // A stream that ended as it opened (the client had gone) has already given its place back.
    if (stream.isEnded) return stream;
    if (this.closing) {
      stream.close();
      return stream;
    }
    this.open.add(stream);
    if (session) this.sessions.track(stream, session);
    return stream;
  }

  /** Ends every open stream (after its in-flight event), and any opened later: the application is closing. */
  closeAll(): void {
    this.closing = true;
    for (const stream of [...this.open]) stream.close();
  }
}
