import type { AppContainer as Container } from '../../../container/app-container';
import type { CallContext } from '../call-context';
import type { GuardKindMap } from '../extension-points';

/** Where a guard is compiled: which class and method, and over which transport. */
export interface GuardSite {
  /** The class of the guarded handler. */
  className: string;
  /** The guarded method. */
  methodName: string;
  /** The transport the handler is reached by, as it names itself (`'http'` for routes). */
  transport: string;
  /** The call outlives its guards (an event stream): it must end with the caller's session. */
  longLived?: boolean;
  /** The application's container. */
  container: Container;
}

/** A compiled guard: returns when the request may pass, throws an HTTPException otherwise. */
export type GuardCheck = (ctx: CallContext) => void | Promise<void>;

/** How a module provides one guard kind, which its decorator names. */
export interface GuardDefinition {
  /** The name decorators record and `overrideGuard` takes. */
  kind: string;
  /** Lower runs first: authentication (401) before authorisation (403). */
  priority: number;
  /** Guard kinds that must run on the same route, even when not declared (authorisation needs authentication). */
  requires?: string[];
  /**
   * The guard establishes who the caller is from `Authorization: Bearer <token>`: it sets
   * `ctx.user`, and `ctx.session` when compiled for a long-lived site (a connection outlives its
   * upgrade, an event stream its request). Transports without a decorator
   * to read (a subscription's first message) authenticate through it.
   */
  authenticates?: boolean;
  /** Builds the check once, from the options of every decorator of this kind on the route. */
  compile(options: unknown[], site: GuardSite): GuardCheck;
}

/** The name of a guard kind a module defines. */
export type GuardKind = keyof GuardKindMap & string;

/** The guard kinds installed modules provide. */
export class GuardRegistry {
  private readonly definitions = new Map<string, GuardDefinition>();

  /** Makes a guard kind available to routes, gateways and resolvers. */
  define(definition: GuardDefinition): void {
    this.definitions.set(definition.kind, definition);
  }

  /** The definition of a guard kind, if a module provided it. */
  get(kind: string): GuardDefinition | undefined {
    return this.definitions.get(kind);
  }

  /** The names of every guard kind defined so far. */
  kinds(): string[] {
    return [...this.definitions.keys()];
  }

  /** The guard kind that authenticates callers (the first to run, when several do), if one is installed. */
  authenticator(): GuardDefinition | undefined {
    let found: GuardDefinition | undefined;
    for (const definition of this.definitions.values())
      if (definition.authenticates && (!found || definition.priority < found.priority)) found = definition;
    return found;
  }
}
