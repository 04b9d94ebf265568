// The one list of HTTP methods: routes, engines, 405 answers, contracts, OpenAPI and metrics read
// it, and spec/src/http/one-method-table.spec.ts fails on a list written anywhere else.

/** Every method Trellis serves, in the order an `Allow` header lists them. */
export const HTTP_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

/** A method Trellis serves. */
export type ServedMethod = (typeof HTTP_METHODS)[number];

/** What Trellis needs to know of one method. */
export interface MethodFacts {
  /**
   * A route decorator (`Get()`, `Post()`, ...) or a contract declares it. HEAD is not: it is
   * answered wherever GET is; nor OPTIONS: CORS answers it.
   */
  readonly declared: boolean;
}

/** The facts of each method. */
export const METHOD_FACTS = {
  GET: { declared: true },
  HEAD: { declared: false },
  POST: { declared: true },
  PUT: { declared: true },
  PATCH: { declared: true },
  DELETE: { declared: true },
  OPTIONS: { declared: false },
} as const satisfies Record<ServedMethod, MethodFacts>;

/** A method a route or a contract declares. */
export type RouteMethod = {
  [M in ServedMethod]: (typeof METHOD_FACTS)[M]['declared'] extends true ? M : never;
}[ServedMethod];

/** The methods routes and contracts declare, in `Allow` order. */
export const ROUTE_METHODS: readonly RouteMethod[] = HTTP_METHODS.filter(
  (method): method is RouteMethod => METHOD_FACTS[method].declared,
);

/** The name of a method in lower case, as OpenAPI and the engines' shorthands write it. */
export function lowerCaseMethod<M extends ServedMethod>(method: M): Lowercase<M> {
  return method.toLowerCase() as Lowercase<M>;
}
