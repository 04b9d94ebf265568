import type { IncomingMessage } from 'node:http';
import { parse as parseQuery } from 'node:querystring';
import cookieParser from 'cookie-parser';
import type { RequestContext } from '../http/request-context';

const parseCookies = cookieParser();
const ignore = () => {};

/** The upgrade request as a `RequestContext`: what gateway guards and handler parameters read. */
export function upgradeContext(req: IncomingMessage, params: Record<string, string>): RequestContext {
  const url = req.url ?? '/';
  const search = url.indexOf('?');
  parseCookies(req as never, undefined as never, ignore);
  return {
    transport: 'ws',
    req,
    res: undefined,
    method: req.method ?? 'GET',
    headers: req.headers,
    params,
    // Parsed the way both engines parse query strings, so `?token=` reads the same everywhere.
    query: search === -1 ? {} : { ...parseQuery(url.slice(search + 1)) },
    cookies: (req as IncomingMessage & { cookies: Record<string, string> }).cookies,
    body: undefined,
  };
}
