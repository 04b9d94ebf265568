import type { FastifyInstance } from 'fastify';

type ParserDone = (err: Error | null, body?: unknown) => void;

function leaveUnread(_request: unknown, _payload: unknown, done: ParserDone): void {
  done(null, undefined);
}

/**
 * Makes Fastify leave every request body of `scope` unread: its routes read their own bodies,
 * exactly as the Express engine does (JSON, only where a handler takes `@Body`).
 */
export function leaveBodiesUnread(scope: FastifyInstance): void {
  scope.removeAllContentTypeParsers();
  // Fastify caches the parser it finds for a content type, except the catch-all one: naming
  // JSON keeps the common case a cache hit.
  scope.addContentTypeParser('application/json', leaveUnread);
  scope.addContentTypeParser('*', leaveUnread);
}
