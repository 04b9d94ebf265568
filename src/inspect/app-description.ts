import type { GraphProblem, NodeScope } from '../../container/provider-graph';
import type { Phase } from '../kernel';

export type { GraphProblem, NodeScope } from '../../container/provider-graph';

/** One provider the application's classes reach: its name, its scope and what it needs. */
export interface ProviderDescription {
  /** The class's name, a function provider's, or the token's (`Symbol(Clock)`). */
  name: string;
  /** `singleton`, `request`, `transient`, or `value` for a token bound to something else. */
  scope: NodeScope;
  /** The names of its constructor's dependencies and of what its methods take through `Depends()`. */
  dependencies: string[];
}

/** One route as `ready()` compiled it. */
export interface RouteDescription {
  /** The HTTP method (`ALL` for every one). */
  method: string;
  /** The full path in Express syntax, prefix and URI version included. */
  path: string;
  /** `Class.method`. */
  handler: string;
  /** The kinds of the guards it runs, in the order they run (`auth`, `roles`, ...). */
  guards: string[];
  /** The kinds of the interceptors around it (`transactional`, `idempotent`). */
  interceptors: string[];
  /**
   * Every step of a call, phase by phase in the order they run (`onRequest`, `guard`, `parse`,
   * `preHandler`, `handler`, `onSend`, `onResponse`): hook names, guard and interceptor kinds,
   * the method; a phase with no step is absent.
   */
  phases: Partial<Record<Phase, string[]>>;
  /** The API version it answers; absent when it answers every one. */
  version?: string;
  /** When it was deprecated, and when it stops answering. */
  deprecated?: { since: string; sunset?: string; link?: string };
}

/** One WebSocket gateway as `ready()` compiled it. */
export interface GatewayDescription {
  /** The upgrade path. */
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
  /** `query`, `mutation`, `subscription`, or `field` for a `ResolveField`. */
  operation: string;
  /** `Query.me` for a root field; the field's name for an object field. */
  field: string;
  /** `Class.method`. */
  handler: string;
  /** The guard kinds it runs, in order. */
  guards: string[];
}

/** One job or schedule, as the feature that runs it describes it. */
export interface JobDescription {
  /** The job's (or schedule's) name. */
  name: string;
  /** `Class.method` or the function that runs it. */
  handler?: string;
  /** A cron expression, for a schedule. */
  schedule?: string;
  /** Whatever else the feature says of it. */
  [detail: string]: unknown;
}

/** One MCP tool, resource or prompt, as the mcp module describes it. */
export interface McpEntryDescription {
  kind: 'tool' | 'resource' | 'prompt';
  /** The tool's or prompt's name, the resource's URI or URI template. */
  name: string;
  /** `Class.method`. */
  handler: string;
  /** A route's tool: the route (`GET /tasks/:id`). */
  route?: string;
}

/**
 * The parts features contribute to a description, by name; a feature (or a module) adds its own
 * part by declaration merging and `app.inspection.contribute(part, describe)`.
 */
export interface DescriptionParts {
  /** The WebSocket gateways. */
  gateways: GatewayDescription[];
  /** The GraphQL fields resolvers serve. */
  resolvers: ResolverDescription[];
  /** The jobs and schedules, as the jobs feature describes them; `[]` without it. */
  jobs: JobDescription[];
  /** The MCP tools, resources and prompts; only with the mcp module. */
  mcp?: McpEntryDescription[];
}

/** What `ready()` refused, when it did: its code and message. */
export interface ReadyFailure {
  /** The `TRELLIS_ERR_*` code, when the error had one. */
  code?: string;
  /** The error's message. */
  message: string;
}

/** An application as `app.inspect()` describes it: JSON-serializable. */
export interface AppDescription extends DescriptionParts {
  /** The installed modules, in the order they were installed (the built-in features first). */
  modules: string[];
  /** Every provider the application's classes reach. */
  providers: ProviderDescription[];
  /** Every route, one per version it answers. */
  routes: RouteDescription[];
  /** What is wrong in the dependency graph (each also fails `ready()`). */
  problems: GraphProblem[];
  /** Why `ready()` failed; absent when it succeeded. The rest is described as far as it was built. */
  error?: ReadyFailure;
}
