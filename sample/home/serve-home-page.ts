import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Middleware } from '../trellis';
import { homePage } from './home-page';

/**
 * `GET /` (and HEAD), the address the start-up banner prints: a page for people rather than
 * programs, so middleware instead of a route, and no operation in the OpenAPI document of the API.
 */
export function serveHomePage(ide: boolean): Middleware {
  const page = Buffer.from(homePage(ide));
  return (req: IncomingMessage, res: ServerResponse, next: () => void) => {
    if (req.url !== '/' || (req.method !== 'GET' && req.method !== 'HEAD')) return next();
    res.statusCode = 200;
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.setHeader('Content-Length', page.length);
    res.end(page);
  };
}
