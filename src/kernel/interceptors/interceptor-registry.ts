import type { InterceptorParts } from '../extension-points';
import type { GuardSite } from '../guards/guard-registry';

/** What an interceptor decorator recorded: its kind, its module and its options. */
export interface InterceptorMetadata {
  /** The interceptor kind, as the module's `InterceptorDefinition` names it. */
  kind: string;
  /** The module that provides it, named in the error when it is not installed. */
  module: string;
  /** How the decorator was written, for error messages. */
  label: string;
  options?: unknown;
  /** What the interceptor adds to the route's documented request and answers (OpenAPI). */
  documents?: InterceptorDocumentation;
}

/** The request headers and the answers an interceptor adds to its route's description. */
export interface InterceptorDocumentation {
  /** Request headers it reads, each optional, as OpenAPI header parameters. */
  headers?: readonly { name: string; description: string; schema: Record<string, unknown> }[];
  /** Error statuses it may answer with. */
  statuses?: readonly number[];
}

/** Where a call wrapper is compiled: the class and method it wraps, and their container. */
export type InterceptedSite = Pick<GuardSite, 'className' | 'methodName' | 'container'>;

/** Runs a method's call (given as `call`) inside something: a transaction, say. */
export type CallWrapper = (call: () => unknown) => unknown;

/** How a module provides one interceptor kind, which its decorator names. */
export interface InterceptorDefinition extends InterceptorParts {
  kind: string;
  /** Wraps the method's call, in every transport and on injectables' methods. */
  call?(options: unknown, site: InterceptedSite): CallWrapper;
}

/** The interceptor kinds installed modules provide. */
export class InterceptorRegistry {
  private readonly definitions = new Map<string, InterceptorDefinition>();

  /** Makes an interceptor kind available to handlers. */
  define(definition: InterceptorDefinition): void {
    this.definitions.set(definition.kind, definition);
  }

  /** The definition of an interceptor kind, if a module provided it. */
  get(kind: string): InterceptorDefinition | undefined {
    return this.definitions.get(kind);
  }
}
