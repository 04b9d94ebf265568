import type { RouteMethod } from '../http/http-methods';

/** HTTP verbs a route can answer; `ALL` answers every verb. */
export type HttpMethod = RouteMethod | 'ALL';
