import type { Class } from '../kernel';

/** Options of `app.install('mcp', ...)`. */
export interface McpOptions {
  /** Where MCP is served, over Streamable HTTP (default `/mcp`). */
  path?: string;
  /** The server's name at `initialize` (default the OpenAPI title, else `trellis`). */
  name?: string;
  /** The server's version at `initialize` (default the OpenAPI version, else `1.0.0`). */
  version?: string;
  /** What the server tells clients of how to use it, at `initialize`. */
  instructions?: string;
  /** Classes with `Tool()`, `Resource()` and `Prompt()` methods, resolved from the container. */
  providers?: Class[];
  /**
   * Browser origins that may call (`https://app.example.com`): a request with another `Origin` is
   * 403, one without (a server-side client) is served. None by default.
   */
  allowedOrigins?: string[];
  /**
   * Host names (`Host`, port aside) a request may name; by default any, except that a request that
   * reached the server through a loopback address must name a loopback host (DNS rebinding).
   */
  allowedHosts?: string[];
  /** The authorization servers named in the protected-resource metadata (RFC 9728), with the auth module. */
  authorizationServers?: string[];
}
