import type { ContractRequest, ContractResponse, ContractRoute, ContractRoutes } from '../contract';

/** Headers as an object, or a function giving them per call (a current access token, say). */
export type HeadersSource =
  | Record<string, string>
  | (() => Record<string, string> | Promise<Record<string, string>>);

/** How `createClient` reaches the server. */
export interface ClientOptions {
  /** Where the API is, e.g. `https://api.example.com` (paths are appended to it). */
  baseUrl: string;
  /** Sent with every call. */
  headers?: HeadersSource;
  /** The `fetch` to use; the global one by default. */
  fetch?: typeof fetch;
  /** How the server reads versions, to send each route's `version` (as `createApp({ versioning })`). */
  versioning?: { type: 'uri' } | { type: 'header'; header: string } | { type: 'media-type'; key: string };
}

/** What one call may add besides the route's parts. */
export interface CallOptions {
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** One route as a function: its parts in, its answers out, discriminated by `status`. */
export type RouteCall<R extends ContractRoute> =
  {} extends ContractRequest<R>
    ? (request?: ContractRequest<R>, options?: CallOptions) => Promise<ContractResponse<R>>
    : (request: ContractRequest<R>, options?: CallOptions) => Promise<ContractResponse<R>>;

/** A typed client: one function per route of the contract. */
export type Client<C extends ContractRoutes> = { [K in keyof C]: RouteCall<C[K]> };
