import type { IncomingHttpHeaders } from 'node:http';
import type { RequestScope } from '../../container/request-scope';
import type { AuthenticatedUser, RequestContext } from '../routing/request-context';

/**
 * The context of one resolver call: the GraphQL operation's HTTP request plus the field's
 * arguments. Fields of one operation run concurrently, so each gets its own; they share the
 * operation's request scope, so a request-scoped dependency is one instance per operation.
 */
export class GraphqlFieldContext implements RequestContext {
  user?: AuthenticatedUser;
  state?: Record<string, unknown>;

  constructor(
    readonly operation: RequestContext,
    readonly args: Readonly<Record<string, unknown>>,
    /** The parent object of a `ResolveField`; undefined on root fields. */
    readonly source?: unknown,
  ) {
    this.user = operation.user;
  }

  get req(): any {
    return this.operation.req;
  }

  get res(): any {
    return this.operation.res;
  }

  get method(): string {
    return this.operation.method;
  }

  get headers(): IncomingHttpHeaders {
    return this.operation.headers;
  }

  get params(): Record<string, string> {
    return this.operation.params;
  }

  get query(): Record<string, unknown> {
    return this.operation.query;
  }

  get cookies(): Record<string, string | undefined> {
    return this.operation.cookies;
  }

  get body(): unknown {
    return this.operation.body;
  }

  set body(value: unknown) {
    this.operation.body = value;
  }

  get scope(): RequestScope | undefined {
    return this.operation.scope;
  }

  set scope(scope: RequestScope | undefined) {
    this.operation.scope = scope;
  }
}
