import { Agent, type ClientRequestArgs, type Server } from 'node:http';
import { type Duplex, duplexPair } from 'node:stream';

/** Where the requests of one in-process connection say they come from, set before each of them. */
export interface PeerAddress {
  remoteAddress?: string;
  remotePort?: number;
  remoteFamily?: string;
}

const PEER = Symbol('trellis.mcp.peer');

type ClientSide = Duplex & { [PEER]?: PeerAddress };

/**
 * Connections to an HTTP server that never leave the process: each is a pair of in-memory streams
 * whose far end is handed to the server as Node documents (`server.emit('connection', stream)`),
 * so a request on it is parsed and answered by the server's own listener, as a request from a
 * socket would be. Kept alive between requests like any agent's sockets.
 */
export class InProcessConnections extends Agent {
  constructor(private readonly server: Server) {
    super({ keepAlive: true, maxFreeSockets: 16 });
  }

  override createConnection(_options: ClientRequestArgs): Duplex {
    const [client, served] = duplexPair() as [ClientSide, Duplex];
    const peer: PeerAddress = {};
    client[PEER] = peer;
    // What a socket tells the server of its client: the address rate limits and logs read.
    Object.defineProperties(served, {
      remoteAddress: { get: () => peer.remoteAddress },
      remotePort: { get: () => peer.remotePort },
      remoteFamily: { get: () => peer.remoteFamily },
    });
    // One end destroyed (the server's keep-alive timeout, its close()) ends the other, so the
    // agent never hands out a connection nobody serves.
    client.once('close', () => served.destroy());
    served.once('close', () => client.destroy());
    // What the agent asks of a socket it keeps and reuses: a stream has no TCP keep-alive, no idle
    // timer (the server's keep-alive timeout ends it) and no hold on the event loop.
    Object.assign(client, {
      setKeepAlive: () => client,
      setTimeout: () => client,
      ref: () => client,
      unref: () => client,
    });
    this.server.emit('connection', served);
    return client;
  }

  /** Sets where the next request on `connection` says it comes from. */
  static setPeer(connection: Duplex, address: PeerAddress): void {
    const peer = (connection as ClientSide)[PEER];
    if (peer) Object.assign(peer, address);
  }
}
