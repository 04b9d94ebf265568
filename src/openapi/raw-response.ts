import type { IncomingMessage, ServerResponse } from 'node:http';
import { HTTP_STATUS } from '../kernel';
import { pathOfUrl } from '../routing';

const { OK } = HTTP_STATUS;

/** Whether a request only reads (HEAD answers like GET; Node drops the body itself). */
export function isRead(req: IncomingMessage): boolean {
  return req.method === 'GET' || req.method === 'HEAD';
}

/** The path of a request, without its query string. */
export function pathOf(req: IncomingMessage): string {
  return pathOfUrl(req.url ?? '/');
}

/**
 * Answers 200 with `body` through Node's own response API, which both engines hand to
 * connect-style middleware (Express's `res` is a ServerResponse; Fastify's middie passes the raw one).
 */
export function sendBody(res: ServerResponse, body: Buffer, type: string, cacheControl = 'no-cache'): void {
  res.statusCode = OK;
  res.setHeader('Content-Type', type);
  res.setHeader('Content-Length', body.length);
  res.setHeader('Cache-Control', cacheControl);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.end(body);
}
