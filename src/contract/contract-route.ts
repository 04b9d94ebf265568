import type { RouteMethod } from '../http/http-methods';

/**
 * A zod schema as a contract holds it: only what types are read from. Kept this small so that
 * checking a contract of hundreds of routes never compares whole zod types.
 */
export interface ContractSchema {
  readonly _zod: { readonly input: unknown; readonly output: unknown };
}

/** The methods a contract route can declare. */
export type ContractMethod = RouteMethod;

/** The answers of a route: a zod schema of the body per status, `null` for an answer without one. */
export type ContractResponses = { readonly [status: number]: ContractSchema | null };

/**
 * One route declared as a value: what the client sends (path parameters, query, body, headers)
 * and every answer it can get, errors included. Server and client are both typed from it.
 */
export interface ContractRoute {
  readonly method: ContractMethod;
  /** The whole path in Express syntax (`/tasks/:id`), without any version prefix. */
  readonly path: string;
  readonly params?: ContractSchema;
  readonly query?: ContractSchema;
  readonly body?: ContractSchema;
  /** The request headers it reads, lower-case names. */
  readonly headers?: ContractSchema;
  readonly responses: ContractResponses;
  /**
   * The headers of some answers, for the OpenAPI document: a zod object by header name per status
   * (`201: z.object({ Location: z.string() })`). `Retry-After` on 429 and 503 is documented without it.
   */
  readonly responseHeaders?: { readonly [status: number]: ContractSchema };
  /** The API version (or versions) the route belongs to, when the application is versioned. */
  readonly version?: string | readonly string[];
  readonly summary?: string;
  readonly description?: string;
}

/** Routes by name: a whole API or a part of one. */
export type ContractRoutes = { readonly [name: string]: ContractRoute };

/**
 * Declares routes as values, for `Implements()` on the server and `createClient()` on the client;
 * it returns them unchanged, checked and with their literal types kept.
 * @example const api = contract({ getTask: { method: 'GET', path: '/tasks/:id', params, responses: { 200: TaskSchema } } });
 */
export function contract<T extends ContractRoutes>(routes: T): T {
  return routes;
}
