import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import FindMyWay from 'find-my-way';
import type { Logger } from 'pino';
import type * as Ws from 'ws';
import type { ErrorBodyWriter } from '../error-body/error-body-writer';
import type { RequestContext } from '../http/request-context';
import {
  BadRequestException,
  ForbiddenException,
  NotFoundException,
  runGuards,
  ServiceUnavailableException,
  sessionOf,
  settlesWithin,
  toHttpException,
} from '../kernel';
import { reportFailure } from '../logging/report-failure';
import type { AppMetrics } from '../metrics';
import { loadOptional } from '../optional';
import { capReached, clientAddress } from '../rate-limit';
import type { Broadcaster, Unsubscribe } from './broadcaster';
import { ClientPlaces } from './client-places';
import { CLOSE_CODES } from './close-codes';
import type { CompiledGateway } from './compile-gateway';
import type { LiveConnection } from './live-connection';
import { refuseUpgrade } from './refuse-upgrade';
import { handleProtocols } from './select-protocol';
import { serveConnection } from './serve-connection';
import type { SessionRevocations } from './session-revocations';
import { SessionSockets } from './session-sockets';
import { upgradeContext } from './upgrade-context';
import { releaseUpgradeSocket, type UpgradeHandler } from './upgrade-dispatch';
import type { WebSocketLimits } from './websocket-options';

// RFC 6455 4.4: a refused handshake names the protocol versions the server speaks.
const SUPPORTED_VERSIONS = { 'Sec-WebSocket-Version': '13, 8' };

/**
 * Every gateway of an application on its HTTP server: one `upgrade` listener routes by path,
 * checks the gateway's guards, then hands the socket to `ws`. Also runs the heartbeat and the
 * graceful shutdown of every connection.
 */
export class GatewayServer {
  private readonly router = FindMyWay({ ignoreTrailingSlash: true, caseSensitive: true });
  private wss?: Ws.WebSocketServer;
  private readonly live = new Map<LiveConnection, Promise<void>>();
  private readonly subscriptions: Unsubscribe[] = [];
  private heartbeat?: NodeJS.Timeout;
  private closing = false;
  private readonly sessions = new SessionSockets<LiveConnection>();
  private readonly places: ClientPlaces;

  constructor(
    private readonly gateways: readonly CompiledGateway[],
    private readonly limits: WebSocketLimits,
    private readonly broadcaster: Broadcaster,
    private readonly logger: Logger,
    private readonly revocations?: SessionRevocations,
    private readonly metrics?: AppMetrics,
    private readonly errorBody?: ErrorBodyWriter,
  ) {
    for (const gateway of gateways) this.router.on('GET', gateway.path, () => {}, { gateway });
    this.places = new ClientPlaces(limits.maxConnectionsPerClient);
  }

  /** Subscribes each gateway to its broadcasts and starts the heartbeat, once the server exists. */
  async attach(): Promise<void> {
    for (const gateway of this.gateways)
      this.subscriptions.push(await this.broadcaster.subscribe(gateway.path, gateway.hub.deliver));
    if (this.revocations)
      this.subscriptions.push(
        await this.revocations.subscribe((revocation) => this.sessions.revoke(revocation)),
      );
    this.heartbeat = setInterval(() => {
      for (const connection of this.live.keys()) connection.heartbeat();
    }, this.limits.heartbeatIntervalMs);
    this.heartbeat.unref();
  }

  /**
   * Closes every connection with 1001 (going away) and waits for their `OnDisconnect` handlers.
   * Peers that have not answered within `timeoutMs` are cut off, and handlers get as long again,
   * so shutdown never hangs on a peer or a handler.
   */
  async shutdown(timeoutMs: number): Promise<void> {
    this.closing = true;
    clearInterval(this.heartbeat);
    const finished = Promise.all(this.live.values());
    for (const connection of this.live.keys())
      connection.close(CLOSE_CODES.GOING_AWAY, 'Server shutting down');
    if (!(await settlesWithin(finished, timeoutMs))) {
      for (const connection of this.live.keys()) connection.terminate();
      await settlesWithin(finished, timeoutMs);
    }
    for (const unsubscribe of this.subscriptions.splice(0)) await unsubscribe();
    this.wss?.close();
  }

  /** Serves one upgrade request the application's dispatch hands over (see `UpgradeDispatch`). */
  readonly upgrade: UpgradeHandler = (req, socket, head) => {
    void this.accept(req, socket, head);
  };

  private async accept(req: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
    // The query string may carry a token: only the path goes into messages and logs.
    const path = (req.url ?? '/').split('?')[0];
    let gateway: CompiledGateway;
    let ctx: RequestContext;
    // Counted before the guards: a flood of connections is refused before it costs a check.
    const client = clientAddress(req);
    try {
      if (this.closing) throw new ServiceUnavailableException('Server is shutting down');
      if (!this.places.take(client))
        throw capReached('Too many open WebSocket connections', 'websocket-connections', this.places.max);
      // The socket outlives the handshake as the connection's: its end, however it comes, frees the place.
      if (socket.closed) this.places.give(client);
      else socket.once('close', () => this.places.give(client));
      const found = this.router.find('GET', req.url ?? '/');
      if (!found) throw new NotFoundException(`No WebSocket gateway at ${path}`);
      gateway = (found.store as { gateway: CompiledGateway }).gateway;
      if (gateway.origins && !gateway.origins(req.headers.origin))
        throw new ForbiddenException('This origin may not open a WebSocket here');
      ctx = upgradeContext(req, found.params as Record<string, string>);
      if (gateway.checks.length > 0) await runGuards(gateway.checks, ctx);
    } catch (err) {
      const exception = toHttpException(err);
      reportFailure(this.logger, exception, { path }, 'WebSocket upgrade failed');
      refuseUpgrade(socket, exception, this.errorBody, req);
      return;
    }
    // The guards may have awaited: the client may be gone, or the server shutting down.
    if (socket.destroyed || this.closing) {
      socket.destroy();
      return;
    }
    this.webSocketServer().handleUpgrade(req, socket, head, (ws) => {
      releaseUpgradeSocket(socket);
      const { connection, finished } = serveConnection(
        gateway,
        ws,
        ctx,
        this.limits.maxBufferedBytes,
        this.logger,
        this.errorBody,
      );
      this.live.set(connection, finished);
      // Closed with 4401 when its session ends or its token expires, idle or not.
      const session = sessionOf(ctx);
      if (session) this.sessions.track(connection, session);
      void finished.then(() => {
        this.live.delete(connection);
        this.sessions.untrack(connection);
      });
      if (this.metrics) this.count(gateway.path, ws, finished);
    });
  }

  private count(path: string, ws: Ws.WebSocket, finished: Promise<void>): void {
    const metrics = this.metrics!;
    metrics.websocketOpened(path);
    ws.on('message', () => metrics.websocketMessage(path));
    void finished.then(() => metrics.websocketClosed(path));
  }

  // `ws` is loaded by the first upgrade: start-up and applications that never see one skip it.
  private webSocketServer(): Ws.WebSocketServer {
    if (this.wss) return this.wss;
    const { WebSocketServer } = loadOptional<typeof Ws>('ws', 'WebSocket gateways');
    const { maxPayload } = this.limits;
    this.wss = new WebSocketServer({ noServer: true, clientTracking: false, maxPayload, handleProtocols });
    // A malformed handshake gets the same JSON error body as every other refusal.
    this.wss.on('wsClientError', (err: Error, socket: Duplex, req: IncomingMessage) =>
      refuseUpgrade(
        socket,
        new BadRequestException(err.message, { headers: SUPPORTED_VERSIONS }),
        this.errorBody,
        req,
      ),
    );
    return this.wss;
  }
}
