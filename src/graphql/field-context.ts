import type { RequestScope } from '../../container/request-scope';
import type { RequestContext } from '../http/request-context';
import type { CallContext, CallHeaders } from '../kernel';

/**
 * The context of one resolver call: the field's arguments and parent, over the operation that
 * carries it. Fields of one operation run concurrently, so each gets its own; they share the
 * operation's headers, native request and request scope, so a request-scoped dependency is one
 * instance per operation. A variable a field's guards set (`user`) stays the field's own.
 */
export class GraphqlFieldContext implements CallContext {
  state?: Record<string, unknown>;

  constructor(
    /** The operation: the HTTP request, or a subscription's connection. */
    readonly operation: RequestContext,
    readonly args: Readonly<Record<string, unknown>>,
    /** The parent object of a `ResolveField`; undefined on root fields. */
    readonly source?: unknown,
  ) {}

  /** Variables the field's guards did not set are the operation's. */
  get outer(): CallContext {
    return this.operation;
  }

  get transport(): string {
    return 'graphql';
  }

  get headers(): CallHeaders {
    return this.operation.headers;
  }

  /** The operation's native request (what `Req()` gives and request ids and spans attach to). */
  get req(): unknown {
    return this.operation.req;
  }

  /** The operation's native response, over HTTP (what `Res()` gives). */
  get res(): unknown {
    return this.operation.res;
  }

  get scope(): RequestScope | undefined {
    return this.operation.scope;
  }

  set scope(scope: RequestScope | undefined) {
    this.operation.scope = scope;
  }
}
