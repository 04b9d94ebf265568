import type { Middleware } from '../engine/engine';
import type { OpenApiDocument } from './document-types';
import { isRead, pathOf, sendBody } from './raw-response';

const JSON_TYPE = 'application/json; charset=utf-8';

/** Serves `document` at `path` (GET and HEAD), serialised once; other requests pass through. */
export function serveDocument(path: string, document: OpenApiDocument): Middleware {
  const body = Buffer.from(JSON.stringify(document));
  return (req, res, next) => {
    if (!isRead(req) || pathOf(req) !== path) return next();
    sendBody(res, body, JSON_TYPE);
  };
}
