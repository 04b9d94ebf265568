/**
 * Every value a `Cookie` header gives the cookies named `names`: those of the first
 * name, then those of the next, each in header order. A parsed cookie object keeps one value per
 * name, but a browser sends one cookie per name, domain and path, and one planted by a sibling
 * subdomain (cookie tossing) can come first and hide the real one.
 */
export function cookieValues(header: string | string[] | undefined, names: readonly string[]): string[] {
  if (header === undefined) return [];
  const byName = new Map<string, string[]>(names.map((name) => [name, []]));
  for (const pair of (Array.isArray(header) ? header.join(';') : header).split(';')) {
    const eq = pair.indexOf('=');
    if (eq < 0) continue;
    byName.get(pair.slice(0, eq).trim())?.push(cookieValue(pair.slice(eq + 1).trim()));
  }
  return [...byName.values()].flat();
}

// As cookie-parser reads a value: without its optional double quotes, percent-decoded when it can be.
function cookieValue(raw: string): string {
  const value = raw.length > 1 && raw.startsWith('"') && raw.endsWith('"') ? raw.slice(1, -1) : raw;
  if (!value.includes('%')) return value;
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
