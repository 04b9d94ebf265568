import { ValidationException } from '../kernel';

function present(value: unknown): boolean {
  return value !== undefined && value !== null && value !== '';
}

function segment(value: unknown): string {
  return encodeURIComponent(typeof value === 'string' ? value : JSON.stringify(value));
}

// A wildcard takes a path of several segments: a list, or a text with slashes.
function segments(value: unknown): string {
  const parts = Array.isArray(value) ? value : String(value).split('/');
  return parts.map(segment).join('/');
}

/**
 * The route path with the path parameters filled in and encoded (an optional `{...}` group kept
 * only when its parameters are given); a missing required one is a 422 naming it, as the route
 * itself would refuse it.
 */
export function fillPath(path: string, values: Record<string, unknown>): string {
  const withGroups = path.replace(/\{([^{}]*)\}/g, (_group, inner: string) =>
    [...inner.matchAll(/[:*](\w+)/g)].every((match) => present(values[match[1]])) ? inner : '',
  );
  const missing: string[] = [];
  const filled = withGroups.replace(/([:*])(\w+)/g, (_match, kind: string, name: string) => {
    const value = values[name];
    if (!present(value)) {
      missing.push(name);
      return '';
    }
    return kind === '*' ? segments(value) : segment(value);
  });
  if (missing.length > 0)
    throw new ValidationException(
      missing.map((name) => ({ path: `params.${name}`, message: 'Required', code: 'invalid_type' })),
    );
  return filled || '/';
}

/** The query string of `query` (`?a=1&b=x`), lists as repeated keys and objects as JSON; empty when none. */
export function queryString(query: Record<string, unknown>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value])
      search.append(name, typeof item === 'object' ? JSON.stringify(item) : String(item));
  }
  const text = search.toString();
  return text === '' ? '' : `?${text}`;
}
