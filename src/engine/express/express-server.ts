import { createServer, IncomingMessage, type RequestListener, type Server, ServerResponse } from 'node:http';
import type { Express } from 'express';

/**
 * An HTTP server whose requests and responses are born Express objects. Express otherwise moves
 * Node's `req` and `res` onto its own prototypes on every request (`Object.setPrototypeOf`), and
 * V8 then pays on every later property access of both: about four fifths of Express's own cost.
 * With the prototypes already in place, Express's move finds nothing to do; middleware, routing
 * and `req`/`res` behave exactly as before.
 */
export function createExpressServer(app: Express, listener: RequestListener = app): Server {
  class ExpressRequest extends IncomingMessage {}
  class ExpressResponse extends ServerResponse<ExpressRequest> {}
  Object.setPrototypeOf(ExpressRequest.prototype, app.request);
  Object.setPrototypeOf(ExpressResponse.prototype, app.response);
  app.request = ExpressRequest.prototype as unknown as Express['request'];
  app.response = ExpressResponse.prototype as unknown as Express['response'];
  return createServer({ IncomingMessage: ExpressRequest, ServerResponse: ExpressResponse }, listener);
}
