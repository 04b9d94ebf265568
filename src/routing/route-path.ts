import { routingError } from './routing-errors';
/** Joins a controller prefix and a route path into one normalised path: `/users` + `/:id`. */
export function joinPaths(prefix = '', path = ''): string {
  const joined = `/${prefix}/${path}`.replace(/\/{2,}/g, '/');
  return joined.length > 1 ? joined.replace(/\/+$/, '') : joined;
}

/** A URL's path, without its query string. */
export function pathOfUrl(url: string): string {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

/** A path in find-my-way syntax (used by both engines), from Express 5 syntax. */
export interface RouterPath {
  path: string;
  /** The name of a `*name` wildcard, which find-my-way calls `*`. */
  wildcard?: string;
}

/** Translates Express 5 path syntax (`:id`, `*rest`) to the router's; refuses what it cannot express. */
export function toRouterPath(path: string): RouterPath {
  // Express 5 reserves these characters; the router would otherwise take them literally.
  if (/[{}()[\]?+!]/.test(path)) {
    throw routingError('TRELLIS_ERR_UNSUPPORTED_ROUTE_PATH', path);
  }
  const wildcard = /\*(\w*)$/.exec(path);
  if (!wildcard) {
    if (path.includes('*')) throw routingError('TRELLIS_ERR_WILDCARD_NOT_LAST', path);
    return { path };
  }
  return { path: `${path.slice(0, wildcard.index)}*`, wildcard: wildcard[1] || '*' };
}

/** The shape two routes must not share: parameter names do not make paths different. */
export function routeShape(path: string): string {
  return path.replace(/:\w+/g, ':').replace(/\*\w*/g, '*');
}
