import type { RouteMethod } from '../kernel/http-methods';

/** HTTP verbs a route can answer; `ALL` answers every verb. */
export type HttpMethod = RouteMethod | 'ALL';
