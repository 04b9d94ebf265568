import type { RequestScope } from '../../container/request-scope';
import type { ContextVariableMap } from './extension-points';

/** A call's headers, names lower-cased: a request's, an upgrade's, or what a transport maps to them. */
export type CallHeaders = Readonly<Record<string, string | string[] | undefined>>;

/**
 * One call as the kernel sees it, whatever carried it: guards, interceptors and the invocation
 * pipeline read only this. A transport's own context extends it (`CallContext` for routes,
 * the upgrade for gateways, a field's context for resolvers), and its variables are the ones
 * modules declare in `ContextVariableMap` (the auth module's `user` and `session`).
 */
export interface CallContext extends Partial<ContextVariableMap> {
  /** The transport the call came by, as it names itself (`'http'` for routes). */
  readonly transport: string;
  /** The call's headers, lower-cased. */
  readonly headers: CallHeaders;
  /** Data guards leave for later steps (the verified token claims, for instance). */
  state?: Record<string, unknown>;
  /** Call-scoped instances, created on first use. */
  scope?: RequestScope;
  /**
   * The call this one is part of (a resolver call's operation): a variable this call has not set
   * is read from there, so what the operation's authentication found holds for its fields.
   */
  readonly outer?: CallContext;
}

/** The type of a declared variable, or `unknown` while no installed module declares it. */
export type ContextVariable<K extends string> = K extends keyof ContextVariableMap
  ? ContextVariableMap[K]
  : unknown;

/**
 * The session a call belongs to, as transports whose calls outlive their guards need it to end
 * them with the session (revocation, expiry); the module that authenticates declares the
 * `session` variable with a type that has at least these fields.
 */
export interface LiveSession {
  /** The session id. */
  id: string;
  /** Whose session it is. */
  userId: string | number;
  /** When the session's token expires, in milliseconds since the epoch. */
  expiresAt: number;
}

/** The value of the variable `name` on a call (or on the call it is part of), whoever declared it. */
export function variableOf(ctx: CallContext, name: string): unknown {
  const value = (ctx as unknown as Record<string, unknown>)[name];
  return value === undefined && ctx.outer !== undefined ? variableOf(ctx.outer, name) : value;
}

/** The session a long-lived call belongs to, if the guard that authenticated it set one. */
export function sessionOf(ctx: CallContext): LiveSession | undefined {
  return variableOf(ctx, 'session') as LiveSession | undefined;
}
