import type { ZodType } from 'zod';
import type { Provider } from '../../../container/provider';
import type { Scope } from '../../../container/scope';
import type { ContractRoute } from '../../contract/contract-route';
import type { DeprecationOptions, VersionValue } from '../../versioning/versioning-options';
import type { RouteMethod } from '../http-methods';
import type { InterceptorMetadata } from '../interceptors/interceptor-registry';

/** Browser origins allowed to open a WebSocket: exact origins (`https://app.example.com`) or a test. */
export type OriginAllowList = readonly string[] | ((origin: string) => boolean);

/** Any class constructor. */
export type Class<T = any> = new (...args: any[]) => T;

/** HTTP verbs a route can answer; `ALL` answers every verb. */
export type HttpMethod = RouteMethod | 'ALL';

/**
 * What API documentation says of a guard, recorded with it by its decorator: the OpenAPI document
 * is built from routes alone, so a route must carry what its guards mean for a client.
 */
export interface GuardDocs {
  /** The caller must present `Authorization: Bearer <token>`: bearer security, and a 401 answer. */
  security?: 'bearer';
  /** The other error statuses the guard answers with (403 for a caller it refuses). */
  responses?: readonly number[];
  /** Sentences for the operation's description, from the options of every guard of this kind on the route. */
  notes?(options: readonly unknown[]): string[];
}

/** What a guard decorator recorded: the guard's kind and its options, read by the guard's module. */
export interface GuardMetadata {
  /** The guard kind, as the module's `GuardDefinition` names it. */
  kind: string;
  /** The module that provides the guard, named in the error when it is not installed. */
  module: string;
  /** How the decorator was written, for error messages. */
  label: string;
  /** What the decorator was given, passed to the definition's `compile`. */
  options?: unknown;
  /** What the guard means for a client; without it, the docs name the guard by its label. */
  docs?: GuardDocs;
}

export type { DependencyFunction, Provider } from '../../../container/provider';

/** One decorated handler parameter. */
export type ParamMetadata =
  | { index: number; kind: 'body' | 'query'; schema?: ZodType }
  | { index: number; kind: 'param' | 'header' | 'cookie'; name?: string; schema?: ZodType }
  | { index: number; kind: 'depends'; provider: Provider; scope?: Scope }
  | { index: number; kind: 'arg'; name: string; schema?: ZodType }
  | {
      index: number;
      kind: 'user' | 'req' | 'res' | 'parent' | 'requestId' | 'responseHeaders' | 'lastEventId';
    }
  | { index: number; kind: 'file' | 'files'; name?: string; options?: unknown }
  | { index: number; kind: 'fields'; schema?: ZodType };

/** What `Query`, `Mutation`, `Subscription` or `ResolveField` recorded on a resolver method. */
export interface GraphqlFieldMetadata {
  operation: 'query' | 'mutation' | 'subscription' | 'field';
  returns?: ZodType;
  /** For `ResolveField`: the object schema whose GraphQL type gains the field. */
  parent?: ZodType;
}

/** What `Returns` recorded: the schema of the success body, its status and its description. */
export interface ReturnsMetadata {
  schema: ZodType;
  status?: number;
  description?: string;
}

/** Everything recorded about one method of a decorated class. */
export interface MethodMetadata {
  name: string;
  http?: { method: HttpMethod; path: string };
  /** The API version(s) of the route (`Version()`), over the controller's. */
  version?: VersionValue;
  /** `Deprecated()` on the method. */
  deprecated?: DeprecationOptions;
  /** The contract route the method implements (`Implements`): its HTTP route, schemas and answers. */
  contract?: ContractRoute;
  ws?: { event: 'connect' | 'message' | 'disconnect'; schema?: ZodType };
  graphql?: GraphqlFieldMetadata;
  guards: GuardMetadata[];
  params: ParamMetadata[];
  /** Interceptors recorded by modules' decorators (`Transactional()`, `Idempotent()`). */
  interceptors?: InterceptorMetadata[];
  /** The success status chosen with `HttpCode`, instead of 200 (201 for POST). */
  status?: number;
  /** The success body declared with `Returns`: the answer is serialized through its schema. */
  returns?: ReturnsMetadata;
  /** The exception classes declared with `Throws`, for the docs. */
  throws?: Class[];
  summary?: string;
  description?: string;
  /** What features outside the core recorded (`Sse`), read by their route extensions. */
  extras?: Record<string, unknown>;
}

/** Everything recorded about one decorated class. */
export interface ClassMetadata {
  target: Class;
  role?: 'controller' | 'gateway' | 'resolver';
  /** Controller prefix or gateway path. */
  path?: string;
  /** The API version(s) of a controller's routes (`Controller({ version })`). */
  version?: VersionValue;
  /** `Deprecated()` on a controller: every route of it. */
  deprecated?: DeprecationOptions;
  /** A gateway's own allow-list of browser origins (`WebSocket(path, { origins })`). */
  origins?: OriginAllowList;
  scope?: Scope;
  guards: GuardMetadata[];
  summary?: string;
  description?: string;
  methods: Map<string, MethodMetadata>;
}
