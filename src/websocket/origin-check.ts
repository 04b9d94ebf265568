import { trellisError } from '../kernel';
import type { OriginAllowList } from './origin-allow-list';

/** Whether an upgrade's `Origin` header may open a socket; an absent header is not a browser's. */
export type OriginCheck = (origin: string | undefined) => boolean;

const ORIGIN = /^[a-z][a-z0-9+.-]*:\/\/[^/?#\s]+$/i;

/**
 * Compiles an allow-list once, at `ready()`: a malformed entry (a path, a trailing slash, a
 * wildcard) fails there, naming `where`. Origins compare case-insensitively, as browsers send
 * them lower-cased. Undefined when every origin may connect.
 */
export function compileOriginCheck(
  list: OriginAllowList | undefined,
  where: string,
): OriginCheck | undefined {
  if (list === undefined) return undefined;
  if (typeof list === 'function') return (origin) => origin === undefined || list(origin) === true;
  if (!Array.isArray(list))
    throw trellisError('TRELLIS_ERR_INVALID_OPTION', where, 'must be a list of origins or a function');
  for (const entry of list) {
    // Sandboxed iframes, file: pages and redirects all send `null`: allowing it allows any of them.
    if (entry === 'null')
      throw trellisError(
        'TRELLIS_ERR_INVALID_OPTION',
        where,
        `'null' is the origin of any sandboxed or local page, not one origin: list real origins`,
      );
    if (typeof entry !== 'string' || !ORIGIN.test(entry))
      throw trellisError(
        'TRELLIS_ERR_INVALID_OPTION',
        where,
        `'${String(entry)}' is not an origin like 'https://app.example.com'`,
      );
  }
  const allowed = new Set(list.map((entry) => entry.toLowerCase()));
  return (origin) => origin === undefined || allowed.has(origin.toLowerCase());
}
