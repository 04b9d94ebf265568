import type { Logger } from 'pino';
import type { DevtoolsOptions } from '../devtools/devtools-options';
import type { EngineName } from '../engine/engine';
import type { ErrorBodyOptions } from '../error-body/error-body-options';
import type { GraphqlOptions } from '../graphql';
import type { Class, MessageLanguage } from '../kernel';
import type { ObservabilityOptions } from '../observability/observability-options';
import type { OpenApiOptions } from '../openapi';
import type { CorsOptions, SecurityHeadersOptions } from '../security';
import type { SseOptions } from '../sse/sse-options';
import type { UploadModuleOptions } from '../uploads';
import type { VersioningOptions } from '../versioning/versioning-options';
import type { WebSocketOptions } from '../websocket';
import type { TrustProxy } from './trust-proxy';

/**
 * What `createApp` takes. The options of the built-in features (gateways, resolvers, `openapi`,
 * `graphql`, `websocket`, `sse`) are named here too, since they are part of the public contract;
 * each feature checks and reads its own (src/features.ts).
 */
export interface AppOptions extends ObservabilityOptions {
  /** HTTP controllers (`@Controller` classes). */
  controllers?: Class[];
  /**
   * A path put in front of every controller's routes (`'/api'`: `GET /api/tasks`), the auth
   * module's and URI-versioned ones included (`/api/v1/tasks`), and so in the OpenAPI paths.
   * The docs (`/docs`, `/openapi.json`), metrics, devtools, GraphQL and WebSocket paths stay
   * where they are, as do controllers declared with `Controller({ prefix: false })`.
   */
  prefix?: string;
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
  /** Multipart uploads: requests in progress per client. */
  uploads?: UploadModuleOptions;
  /**
   * The devtools page at `/_trellis`: routes, the dependency graph, the latest requests. Off by
   * default; refused at `ready()` under `NODE_ENV=production`; loopback clients only unless
   * `allowRemote`.
   */
  devtools?: boolean | DevtoolsOptions;
  /**
   * The shape of every error answer (422, 401/403, 404/405, 413/415, 429, thrown exceptions, 500s;
   * GraphQL `extensions` and WebSocket error frames): `build` makes the body, `schema` checks it
   * and documents it. Headers are kept. Default: `{ statusCode, error, message, code, details? }`.
   * `ErrorBody()` overrides it on a controller or a method.
   */
  errorBody?: ErrorBodyOptions;
  /** Largest accepted JSON body, default `'100kb'`. */
  bodyLimit?: string;
  /** Default `'express'`. */
  engine?: EngineName;
  /** A pino logger; default JSON lines on stdout at `LOG_LEVEL`. */
  logger?: Logger;
  /**
   * The language of the texts the auth and rbac modules answer clients with: `'es'` (Spanish,
   * the default) or `'en'`; a module's own `messages` option still replaces any one text.
   */
  messages?: MessageLanguage;
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
