import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { ErrorBodyWriter } from '../error-body/error-body-writer';
import { type ModuleHost, NotFoundException } from '../kernel';
import { refuseUpgrade } from './refuse-upgrade';
import { serveAsRequest, wantsWebSocket } from './serve-as-request';
import { websocketError } from './websocket-errors';

/** Serves one upgrade request: accepts it (handing the socket to `ws`) or refuses it. */
export type UpgradeHandler = (req: IncomingMessage, socket: Duplex, head: Buffer) => void;

// A client that resets mid-handshake must not crash the process: Node leaves upgrade sockets
// without an error listener, and `ws` adds its own only once the handshake starts.
const ignoreSocketError = () => {};

/**
 * The one `upgrade` listener of an application's HTTP server: an exact path claimed by a
 * feature (GraphQL subscriptions at `/graphql`) goes to it, anything else to the gateways, and
 * with no gateway an unknown path is refused with 404.
 */
export class UpgradeDispatch {
  private readonly routes = new Map<string, UpgradeHandler>();
  private fallback?: UpgradeHandler;
  private server?: Server;

  constructor(
    /** The body of the refusals it writes; default the reference one. */
    private readonly errorBody?: ErrorBodyWriter,
  ) {}

  /** Claims the upgrades of exactly `path` (query string aside). */
  route(path: string, handler: UpgradeHandler): void {
    if (this.routes.has(path)) throw websocketError('TRELLIS_ERR_DUPLICATE_UPGRADE_PATH', path);
    this.routes.set(path, handler);
  }

  /** Takes every upgrade no route claims. */
  otherwise(handler: UpgradeHandler): void {
    this.fallback = handler;
  }

  /** Starts listening on `server`, when anything is there to serve. */
  attach(server: Server): void {
    if (this.routes.size === 0 && !this.fallback) return;
    this.server = server;
    server.on('upgrade', this.dispatch);
  }

  private readonly dispatch = (req: IncomingMessage, socket: Duplex, head: Buffer): void => {
    // `Upgrade: h2c` (curl) and other protocols: the ordinary HTTP request it also is.
    if (!wantsWebSocket(req) && this.server) {
      serveAsRequest(this.server, req, socket, head);
      return;
    }
    socket.on('error', ignoreSocketError);
    // The query string may carry a token: only the path goes into messages.
    const path = (req.url ?? '/').split('?')[0];
    const handler = this.routes.get(path) ?? this.fallback;
    if (handler) handler(req, socket, head);
    else refuseUpgrade(socket, new NotFoundException(`No WebSocket server at ${path}`), this.errorBody, req);
  };
}

const dispatches = new WeakMap<ModuleHost, UpgradeDispatch>();

/** The application's upgrade dispatch, attached to its server when it listens. */
export function upgradeDispatch(app: ModuleHost): UpgradeDispatch {
  let dispatch = dispatches.get(app);
  if (!dispatch) {
    const created = new UpgradeDispatch(app.errorBodies.app);
    dispatches.set(app, created);
    app.onListen((server) => created.attach(server));
    dispatch = created;
  }
  return dispatch;
}

/** Removes the listener that keeps a reset during the handshake from crashing the process. */
export function releaseUpgradeSocket(socket: Duplex): void {
  socket.off('error', ignoreSocketError);
}
