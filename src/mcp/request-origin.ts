import type { IncomingMessage } from 'node:http';
import { ForbiddenException } from '../kernel';

/** Error codes of a request refused for where it comes from. */
export const ORIGIN_CODES = {
  ORIGIN_NOT_ALLOWED: 'ORIGIN_NOT_ALLOWED',
  HOST_NOT_ALLOWED: 'HOST_NOT_ALLOWED',
} as const;

const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]'];

function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  return address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.');
}

// `example.com:3000` -> `example.com`, `[::1]:3000` -> `[::1]`.
function hostName(host: string): string {
  const name = host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.split(':')[0];
  return name.toLowerCase();
}

function originHost(origin: string): string | undefined {
  try {
    return hostName(new URL(origin).host);
  } catch {
    return undefined;
  }
}

/**
 * Who may call the MCP endpoint, against DNS rebinding: a request with an `Origin` (a browser's)
 * only from `allowedOrigins`; one without (a server-side client) from anywhere. A request that
 * reached the server through a loopback address must name a loopback host (or an allowed one) in
 * `Host`: a page whose name was rebound to 127.0.0.1 names its own. Returns the refusal, if any.
 */
export function originCheck(
  allowedOrigins: readonly string[],
  allowedHosts: readonly string[],
): (req: IncomingMessage) => ForbiddenException | undefined {
  const origins = new Set(allowedOrigins);
  const hosts = new Set([
    ...LOOPBACK_NAMES,
    ...allowedHosts.map(hostName),
    ...allowedOrigins.map(originHost).filter((host) => host !== undefined),
  ]);
  const hostsGiven = allowedHosts.length > 0;
  return (req) => {
    const origin = req.headers.origin;
    if (origin !== undefined && !origins.has(origin))
      return new ForbiddenException(`Origin ${origin} may not call this MCP server`, {
        code: ORIGIN_CODES.ORIGIN_NOT_ALLOWED,
      });
    if (!hostsGiven && !isLoopback(req.socket?.localAddress)) return undefined;
    const host = req.headers.host;
    if (host === undefined || !hosts.has(hostName(host)))
      return new ForbiddenException(`Host ${host ?? '(none)'} is not served by this MCP server`, {
        code: ORIGIN_CODES.HOST_NOT_ALLOWED,
      });
    return undefined;
  };
}
