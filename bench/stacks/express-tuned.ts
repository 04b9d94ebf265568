// Express 5 tuned by hand: no ETag or X-Powered-By, JSON written with res.end, the body parser
// only on the route that reads a body, jsonwebtoken given a KeyObject.
import type { ServerResponse } from 'node:http';
import express, { type NextFunction, type Request, type Response } from 'express';
import jwt from 'jsonwebtoken';
import {
  announce,
  type BenchClaims,
  DENIED_TOKEN_IDS,
  HELLO,
  HOST,
  ITEMS,
  JWT_ALGORITHMS,
  JWT_KEY,
  MINIMUM_ROLE,
  PORT,
  protectedPayload,
  RequestGreeter,
  ROLE_LEVELS,
  userPayload,
  ValidateBody,
} from './fixtures';

const JSON_TYPE = 'application/json; charset=utf-8';
const VERIFY_OPTIONS = { algorithms: JWT_ALGORITHMS };

function send(res: ServerResponse, status: number, body: unknown): void {
  res.statusCode = status;
  res.setHeader('Content-Type', JSON_TYPE);
  res.end(JSON.stringify(body));
}

type Authenticated = Request & { user?: BenchClaims };

function authenticate(req: Authenticated, res: Response, next: NextFunction): void {
  const header = req.headers.authorization;
  if (!header?.startsWith('Bearer ')) {
    send(res, 401, { statusCode: 401, error: 'Unauthorized', message: 'Missing token' });
    return;
  }
  try {
    const claims = jwt.verify(header.slice(7), JWT_KEY, VERIFY_OPTIONS) as BenchClaims;
    if (claims.type !== 'access' || DENIED_TOKEN_IDS.has(claims.jti)) throw new Error('revoked');
    req.user = claims;
    next();
  } catch {
    send(res, 401, { statusCode: 401, error: 'Unauthorized', message: 'Invalid token' });
  }
}

const required = ROLE_LEVELS[MINIMUM_ROLE];

const app = express();
app.disable('x-powered-by');
app.set('etag', false);

app.get('/hello', (_req, res) => send(res, 200, HELLO));

app.get('/items', (_req, res) => send(res, 200, ITEMS));

app.get('/users/:id', (req, res) => send(res, 200, userPayload(req.params.id)));

app.post('/validate', express.json(), (req, res) => {
  const result = ValidateBody.safeParse(req.body);
  if (result.success) send(res, 201, result.data);
  else send(res, 422, { statusCode: 422, error: 'Unprocessable Entity', message: 'Validation failed' });
});

app.get('/protected', authenticate, (req: Authenticated, res) => {
  const user = req.user!;
  if ((ROLE_LEVELS[user.role] ?? -1) >= required) send(res, 200, protectedPayload(user.username, user.role));
  else send(res, 403, { statusCode: 403, error: 'Forbidden', message: 'Role too low' });
});

app.get('/scoped', (_req, res) => send(res, 200, new RequestGreeter().greet()));

const server = app.listen(PORT, HOST, () => {
  announce((server.address() as { port: number }).port);
});
