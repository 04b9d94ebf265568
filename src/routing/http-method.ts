/** HTTP verbs a route can answer; `ALL` answers every verb. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH' | 'ALL';
