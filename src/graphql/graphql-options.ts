import type { GraphqlLimits } from './query-limits';

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
