import type { GraphProblem, NodeScope } from '../../container/provider-graph';

export type { GraphProblem, NodeScope } from '../../container/provider-graph';

/** One provider the application's classes reach: its name, its scope and what it needs. */
export interface ProviderDescription {
  name: string;
  /** `singleton`, `request`, `transient`, or `value` for a token bound to something else. */
  scope: NodeScope;
  /** The names of its constructor's dependencies and of what its methods take through `Depends()`. */
  dependencies: string[];
}

/** One route as `ready()` compiled it. */
export interface RouteDescription {
  method: string;
  path: string;
  /** `Class.method`. */
  handler: string;
  /** The kinds of the guards it runs, in the order they run (`auth`, `roles`, ...). */
  guards: string[];
  /** The kinds of the interceptors around it (`transactional`, `idempotent`). */
  interceptors: string[];
  /** The API version it answers; absent when it answers every one. */
  version?: string;
  /** When it was deprecated, and when it stops answering. */
  deprecated?: { since: string; sunset?: string; link?: string };
}

/** One WebSocket gateway as `ready()` compiled it. */
export interface GatewayDescription {
  path: string;
  /** The gateway class. */
  gateway: string;
  /** The guard kinds checked on the upgrade. */
  guards: string[];
  /** The events it handles, with their `Class.method`. */
  events: { event: string; handler: string }[];
}

/** One GraphQL root field or object field served by a resolver method. */
export interface ResolverDescription {
  operation: string;
  field: string;
  handler: string;
  guards: string[];
}

/** One job or schedule, as the feature that runs it describes it. */
export interface JobDescription {
  name: string;
  /** `Class.method` or the function that runs it. */
  handler?: string;
  /** A cron expression, for a schedule. */
  schedule?: string;
  [detail: string]: unknown;
}

/**
 * The parts features contribute to a description, by name; a feature (or a module) adds its own
 * part by declaration merging and `app.inspection.contribute(part, describe)`.
 */
export interface DescriptionParts {
  gateways: GatewayDescription[];
  resolvers: ResolverDescription[];
  jobs: JobDescription[];
}

/** What `ready()` refused, when it did: its code and message. */
export interface ReadyFailure {
  code?: string;
  message: string;
}

/** An application as `app.inspect()` describes it: JSON-serializable. */
export interface AppDescription extends DescriptionParts {
  /** The installed modules, in the order they were installed (the built-in features first). */
  modules: string[];
  providers: ProviderDescription[];
  routes: RouteDescription[];
  /** What is wrong in the dependency graph (each also fails `ready()`). */
  problems: GraphProblem[];
  /** Why `ready()` failed; absent when it succeeded. The rest is described as far as it was built. */
  error?: ReadyFailure;
}
