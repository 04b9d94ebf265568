import type { Logger } from 'pino';
import type { EngineName } from '../engine/engine';
import type { GraphqlLimits } from '../graphql/query-limits';
import type { Class } from '../kernel/metadata/types';
import type { ObservabilityOptions } from '../observability/observability-options';
import type { CorsOptions } from '../security/cors-options';
import type { SecurityHeadersOptions } from '../security/security-headers';
import type { SseOptions } from '../sse/sse-options';
import type { VersioningOptions } from '../versioning/versioning-options';
import type { WebSocketOptions } from '../websocket/websocket-options';
import type { TrustProxy } from './trust-proxy';

/** An OpenAPI Server Object: where the API is served. */
export interface OpenApiServer {
  /** Its base URL. */
  url: string;
  /** What the server is (production, staging, ...). */
  description?: string;
}

/** OpenAPI document settings; `false` turns `/openapi.json` and `/docs` off. */
export interface OpenApiOptions {
  /** The API's title. */
  title: string;
  /** The API's version (not OpenAPI's). */
  version: string;
  /** The API's description (Markdown). */
  description?: string;
  /** Where the API is served; default `[{ url: '/' }]` (the host that served the document). */
  servers?: OpenApiServer[];
  /** The API's license: a name and an SPDX `identifier` or a `url`. */
  license?: { name: string; identifier?: string; url?: string };
  /** Who answers for the API. */
  contact?: { name?: string; url?: string; email?: string };
  /**
   * Swagger UI at `/docs`, from the optional swagger-ui-dist package: `true` requires it (ready()
   * fails without it), `false` leaves it out; by default it is served when the package is installed.
   */
  ui?: boolean;
}

/** GraphQL settings; `false` turns the endpoint off. */
export interface GraphqlOptions {
  /** Default `/graphql`. */
  path?: string;
  /** Schema introspection; default on, off when NODE_ENV=production. */
  introspection?: boolean;
  /**
   * The GraphiQL IDE, served from the installed packages (no request leaves the machine), at
   * `path` for browsers (`GET` asking for `text/html`); default on, off when NODE_ENV=production.
   */
  ide?: boolean;
  /**
   * Depth, alias, token and cost limits, checked before a query runs (a refused one gets a
   * GraphQL validation error); on by default: depth 8, aliases 15, tokens 2000, cost 5000.
   */
  limits?: GraphqlLimits;
  /** GraphQL over WebSocket (graphql-ws): who may connect, and how much one client may hold open. */
  subscriptions?: GraphqlSubscriptionOptions;
}

/** Limits and authentication of graphql-ws connections. */
export interface GraphqlSubscriptionOptions {
  /**
   * Close a connection whose `connection_init` carries no valid token with 4403 (Forbidden), as
   * graphql-ws does, instead of acknowledging it and refusing its guarded operations. Needs an
   * authentication module (`auth`). Default false.
   */
  requireAuth?: boolean;
  /** Open graphql-ws connections per client address; one more is refused with 429. Default 128. */
  maxConnectionsPerClient?: number;
  /** Operations one connection may run at once; one more gets a `TOO_MANY_REQUESTS` error. Default 100. */
  maxSubscriptionsPerConnection?: number;
}

/** What `createApp` takes. */
export interface AppOptions extends ObservabilityOptions {
  /** HTTP controllers (`@Controller` classes). */
  controllers?: Class[];
  /** WebSocket gateways (`@WebSocket` classes). */
  gateways?: Class[];
  /** GraphQL resolvers (`@Resolver` classes). */
  resolvers?: Class[];
  /** Extra injectables to bind. */
  providers?: Class[];
  /** The OpenAPI document (`/openapi.json`) and Swagger UI (`/docs`); `false` serves neither. */
  openapi?: OpenApiOptions | false;
  /** GraphQL at `/graphql` for the resolvers; `false` serves none. */
  graphql?: GraphqlOptions | false;
  /** Gateway limits (message size, heartbeat, slow clients) and the broadcaster. */
  websocket?: WebSocketOptions;
  /** Server-sent events: heartbeat, slow clients, open streams per client. */
  sse?: SseOptions;
  /** Largest accepted JSON body, default `'100kb'`. */
  bodyLimit?: string;
  /** Default `'express'`. */
  engine?: EngineName;
  /** A pino logger; default JSON lines on stdout at `LOG_LEVEL`. */
  logger?: Logger;
  /**
   * Behind a reverse proxy, which proxies to believe about the client address (Express's `trust
   * proxy`, on both engines): a hop count, addresses/CIDRs (a list or a comma-separated string),
   * or `true`, which lets any client choose its address (it trusts the left-most entry). Default: none.
   */
  trustProxy?: TrustProxy;
  /**
   * Weak ETags on 200 answers to GET and HEAD, and 304 for an `If-None-Match` that still
   * matches; default off (hashing every body costs more than most JSON APIs save by it).
   */
  etag?: boolean;
  /** How requests name an API version; without it, `Version()` and controller versions are ignored. */
  versioning?: VersioningOptions;
  /**
   * Cross-origin requests from browsers: allowed origins (a list, a predicate, or `true` for any,
   * answered with `*`), credentials, exposed headers, max age; preflights are answered on every
   * path. Default off: browsers keep to same-origin calls.
   */
  cors?: CorsOptions | boolean;
  /**
   * helmet's security headers on every response (default on); `false` turns them off, helmet's
   * options change them. Swagger UI and the GraphQL IDE get a Content-Security-Policy of their own.
   */
  securityHeaders?: SecurityHeadersOptions | boolean;
  /**
   * Cookies that carry credentials (a session or token cookie). Answers to requests with one of
   * them, or with an `Authorization` header, get `Cache-Control: no-store` unless the handler sets
   * its own; default none (the header alone).
   */
  credentialCookies?: string[];
  /** How long `close()` lets in-flight requests finish before cutting connections; default 10 000 ms. */
  shutdownTimeoutMs?: number;
  /**
   * How long `close()` keeps serving with readiness failing (503) before it stops accepting, so
   * a load balancer has stopped sending traffic by then; default 0.
   */
  shutdownDelayMs?: number;
}
