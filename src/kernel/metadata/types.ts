import type { ZodType } from 'zod';
import type { Provider } from '../../../container/provider';
import type { Scope } from '../../../container/scope';
import type { InterceptorMetadata } from '../interceptors/interceptor-registry';
import type { FeatureSlots } from './feature-slots';

/** Any class constructor. */
export type Class<T = any> = new (...args: any[]) => T;

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

/**
 * One decorated handler parameter: its kind, read by the reader of that kind of the transport or
 * feature serving the method, and what its decorator was given.
 */
export interface ParamMetadata {
  /** Its position in the method's parameters. */
  index: number;
  /** What the parameter reads (`body`, `param`, `arg`, `depends`, `file`, ...). */
  kind: string;
  /** The named part it reads (a path parameter, a header, an argument, a file field); none: all of them. */
  name?: string;
  /** Validates (and coerces) what is read. */
  schema?: ZodType;
  /** For `depends`: what the container resolves. */
  provider?: Provider;
  /** For `depends`: the scope it is resolved in. */
  scope?: Scope;
  /** What else the decorator was given, read by its feature (upload limits). */
  options?: unknown;
}

/**
 * Everything recorded about one method of a decorated class: what every transport shares here,
 * what each feature records in its own slot (`method.get(HTTP_ROUTE)`).
 */
export interface MethodMetadata extends FeatureSlots {
  name: string;
  guards: GuardMetadata[];
  params: ParamMetadata[];
  /** Interceptors recorded by modules' decorators (`Transactional()`, `Idempotent()`). */
  interceptors?: InterceptorMetadata[];
  summary?: string;
  description?: string;
}

/** Everything recorded about one decorated class; each feature records its own in a slot. */
export interface ClassMetadata extends FeatureSlots {
  target: Class;
  /** The role its class decorator gave it (`controller`, `gateway`, ...), as a feature registers it. */
  role?: string;
  scope?: Scope;
  guards: GuardMetadata[];
  summary?: string;
  description?: string;
  methods: Map<string, MethodMetadata>;
}
