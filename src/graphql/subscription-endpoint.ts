import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { GraphQLSchema } from 'graphql/type';
import type { ErrorBodyWriter } from '../error-body/error-body-writer';
import { BadRequestException, ForbiddenException, ServiceUnavailableException } from '../kernel';
import { loadOptional } from '../optional';
import { capReached, clientAddress } from '../rate-limit';
import {
  ClientPlaces,
  DEFAULT_CONNECTIONS_PER_CLIENT,
  type OriginCheck,
  refuseUpgrade,
  releaseUpgradeSocket,
} from '../websocket';
import type {
  createSubscriptionServer as Create,
  SubscriptionServer,
  SubscriptionServerSettings,
} from './subscription-server';

/**
 * GraphQL over WebSocket at the GraphQL path: upgrades from an origin off the app-wide
 * `websocket.origins` list get 403, the others go to graphql-ws, loaded by the first of them
 * (an application whose clients never subscribe never loads it).
 */
export class SubscriptionEndpoint {
  private server?: SubscriptionServer;
  private closing = false;
  private readonly places: ClientPlaces;

  constructor(
    private readonly schema: GraphQLSchema,
    private readonly settings: SubscriptionServerSettings,
    private readonly origins?: OriginCheck,
    maxConnectionsPerClient = DEFAULT_CONNECTIONS_PER_CLIENT,
    private readonly errorBody?: ErrorBodyWriter,
  ) {
    this.places = new ClientPlaces(maxConnectionsPerClient);
  }

  /** Serves one upgrade request to the GraphQL path. */
  readonly upgrade = (req: IncomingMessage, socket: Duplex, head: Buffer): void => {
    if (this.closing) {
      refuseUpgrade(socket, new ServiceUnavailableException('Server is shutting down'), this.errorBody, req);
      return;
    }
    if (this.origins && !this.origins(req.headers.origin)) {
      refuseUpgrade(
        socket,
        new ForbiddenException('This origin may not open a WebSocket here'),
        this.errorBody,
        req,
      );
      return;
    }
    const client = clientAddress(req);
    if (!this.places.take(client)) {
      refuseUpgrade(
        socket,
        capReached('Too many open GraphQL WebSocket connections', 'graphql-ws-connections', this.places.max),
        this.errorBody,
        req,
      );
      return;
    }
    // The socket becomes the connection's: its end, however it comes, frees the place.
    if (socket.closed) this.places.give(client);
    else socket.once('close', () => this.places.give(client));
    const { wss } = this.started();
    wss.handleUpgrade(req, socket, head, (ws) => {
      releaseUpgradeSocket(socket);
      wss.emit('connection', ws, req);
    });
  };

  /** Listens to session revocations, once the server exists (when sessions are followed). */
  async attach(): Promise<void> {
    await this.settings.sessions?.attach();
  }

  /** Closes every connection (1001, going away); their subscriptions end with them. */
  async shutdown(): Promise<void> {
    this.closing = true;
    await this.server?.dispose();
    await this.settings.sessions?.detach();
  }

  private started(): SubscriptionServer {
    if (this.server) return this.server;
    loadOptional('graphql-ws', 'GraphQL subscriptions');
    loadOptional('ws', 'GraphQL subscriptions');
    const create: typeof Create = require('./subscription-server').createSubscriptionServer;
    this.server = create(this.schema, this.settings);
    // A malformed handshake gets the same JSON error body as every other refusal.
    this.server.wss.on('wsClientError', (err: Error, socket: Duplex, req: IncomingMessage) =>
      refuseUpgrade(socket, new BadRequestException(err.message), this.errorBody, req),
    );
    return this.server;
  }
}
