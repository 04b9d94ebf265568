import type { IncomingMessage, ServerResponse } from 'node:http';
import { type ApolloServer, HeaderMap, type HTTPGraphQLRequest } from '@apollo/server';
import type { RequestContext } from '../http/request-context';
import { HTTP_STATUS } from '../kernel';

function searchOf(url = '/'): string {
  const query = url.indexOf('?');
  return query === -1 ? '' : url.slice(query);
}

// Node gives a repeated header as a list; the Fetch API's Headers, which Apollo follows, joins it.
function headerMapOf(req: IncomingMessage): HeaderMap {
  const headers = new HeaderMap();
  for (const [name, value] of Object.entries(req.headers))
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  return headers;
}

/**
 * Runs one GraphQL request through Apollo Server's own HTTP handling (`executeHTTPGraphQLRequest`:
 * GET and POST, CSRF prevention, status codes) and writes its answer on Node's response, in
 * chunks when Apollo streams an incremental one. `body` is the parsed JSON body; `ctx` becomes
 * the operation's context. Loaded with Apollo, by the first GraphQL request.
 */
export async function answerWithApollo(
  server: ApolloServer<RequestContext>,
  req: IncomingMessage,
  res: ServerResponse,
  body: unknown,
  ctx: RequestContext,
): Promise<void> {
  const httpGraphQLRequest: HTTPGraphQLRequest = {
    method: (req.method ?? 'GET').toUpperCase(),
    headers: headerMapOf(req),
    search: searchOf(req.url),
    body,
  };
  const answer = await server.executeHTTPGraphQLRequest({ httpGraphQLRequest, context: async () => ctx });
  for (const [name, value] of answer.headers) res.setHeader(name, value);
  res.statusCode = answer.status ?? HTTP_STATUS.OK;
  if (answer.body.kind === 'complete') {
    res.setHeader('Content-Length', Buffer.byteLength(answer.body.string));
    res.end(answer.body.string);
    return;
  }
  for await (const chunk of answer.body.asyncIterator) {
    // A client that left stops the stream: leaving the loop ends Apollo's iterator.
    if (res.destroyed) return;
    res.write(chunk);
  }
  res.end();
}
