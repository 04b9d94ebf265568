import type { ContractRoute } from '../contract';

function encodedSegments(value: unknown): string {
  return String(value).split('/').map(encodeURIComponent).join('/');
}

/** The path of a route with its parameters filled in, each encoded (a wildcard keeps its slashes). */
export function fillPath(path: string, params: Record<string, unknown> = {}): string {
  return path
    .replace(/\*(\w+)$/, (_all, name: string) => encodedSegments(params[name]))
    .replace(/:(\w+)/g, (_all, name: string) => encodeURIComponent(String(params[name])));
}

/** A query object as a query string (`?a=1&b=x&b=y`), without undefined values; empty when nothing is left. */
export function queryString(query: Record<string, unknown> = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    const values = Array.isArray(value) ? value : [value];
    for (const item of values) search.append(key, item instanceof Date ? item.toISOString() : String(item));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** The URL of a call of `route` against `baseUrl`. */
export function requestUrl(
  baseUrl: string,
  route: ContractRoute,
  params?: Record<string, unknown>,
  query?: Record<string, unknown>,
): string {
  return `${baseUrl.replace(/\/+$/, '')}${fillPath(route.path, params)}${queryString(query)}`;
}
