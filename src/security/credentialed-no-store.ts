import type { IncomingMessage } from 'node:http';
import type { HeaderSetter } from './security-headers';

// A request names the caller when it carries an Authorization header or one of these cookies.
function credentialCheck(cookies: readonly string[]): (req: IncomingMessage) => boolean {
  if (cookies.length === 0) return (req) => req.headers.authorization !== undefined;
  const names = cookies.map(
    (name) => new RegExp(`(?:^|;)\\s*${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}=`),
  );
  return (req) => {
    if (req.headers.authorization !== undefined) return true;
    const cookie = req.headers.cookie;
    return cookie !== undefined && names.some((name) => name.test(cookie));
  };
}

/**
 * Adds `Cache-Control: no-store` to the answers of requests that carry credentials, ahead of the
 * other headers: such an answer is the caller's own (profile, roles, lists only it may read), so no
 * browser or shared cache may keep it. Set before the handler runs, so a handler that sets its own
 * `Cache-Control` replaces it.
 */
export function credentialedNoStore(
  headers: HeaderSetter | undefined,
  cookies: readonly string[] = [],
): HeaderSetter {
  const credentialed = credentialCheck(cookies);
  if (!headers)
    return (req, res) => {
      if (credentialed(req)) res.setHeader('Cache-Control', 'no-store');
    };
  return (req, res) => {
    headers(req, res);
    if (credentialed(req)) res.setHeader('Cache-Control', 'no-store');
  };
}
