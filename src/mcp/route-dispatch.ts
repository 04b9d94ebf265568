import { type IncomingHttpHeaders, type IncomingMessage, request, Server } from 'node:http';
import type { ModuleHost } from '../kernel';
import { InProcessConnections, type PeerAddress } from './in-process-connections';

/** A request for a route, made from a tool call. */
export interface InnerRequest {
  method: string;
  /** Path and query string. */
  url: string;
  headers: Record<string, string>;
  /** The JSON body, as text. */
  body?: string;
  /** The client of the MCP request, which the route's request comes from too. */
  peer: PeerAddress;
}

/** The route's answer. */
export interface InnerAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

// The application's own `inject()`: a tool call runs the route in process.
type Inject = ModuleHost['inject'];

function send(agent: InProcessConnections, inner: InnerRequest): Promise<InnerAnswer> {
  return new Promise((resolve, reject) => {
    const req = request({ agent, method: inner.method, path: inner.url, headers: inner.headers }, (res) =>
      collect(res).then(resolve, reject),
    );
    req.once('socket', (connection) => InProcessConnections.setPeer(connection, inner.peer));
    req.once('error', reject);
    req.end(inner.body);
  });
}

function collect(res: IncomingMessage): Promise<InnerAnswer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    res.on('data', (chunk: Buffer) => chunks.push(chunk));
    res.once('error', reject);
    res.once('end', () =>
      resolve({
        status: res.statusCode ?? 500,
        headers: res.headers,
        body: chunks.length === 1 ? chunks[0] : Buffer.concat(chunks),
      }),
    );
  });
}

/**
 * Sends a tool's request to its route through the server the MCP request came by: the request is
 * parsed and served by the application's own listener, so every part of the route's pipeline (the
 * engine, middleware such as rate limits, guards, validation, interceptors, the access log) applies
 * as to any client's. An MCP request that came without a server (`app.inject`) has its tools'
 * requests injected the same way.
 */
export class RouteDispatcher {
  private readonly agents = new Map<Server, InProcessConnections>();

  constructor(private readonly inject: Inject) {}

  dispatch(via: IncomingMessage, inner: InnerRequest): Promise<InnerAnswer> {
    const server = (via.socket as { server?: unknown } | undefined)?.server;
    if (server instanceof Server) return send(this.agentFor(server), inner);
    return this.inject({
      method: inner.method as Parameters<Inject>[0]['method'],
      url: inner.url,
      headers: inner.headers,
      body: inner.body,
    }).then((res) => ({
      status: res.statusCode,
      headers: res.headers as IncomingHttpHeaders,
      body: Buffer.from(res.body),
    }));
  }

  /** Ends the idle in-process connections, so that a server's close() does not wait for them. */
  close(): void {
    for (const agent of this.agents.values()) agent.destroy();
    this.agents.clear();
  }

  private agentFor(server: Server): InProcessConnections {
    let agent = this.agents.get(server);
    if (!agent) {
      agent = new InProcessConnections(server);
      this.agents.set(server, agent);
      server.once('close', () => this.agents.delete(server));
    }
    return agent;
  }
}
