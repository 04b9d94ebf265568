// Bare node:http, the floor: every route written against Node's own request and response, no
// headers but the content type, JSON.stringify; what a framework adds on top is measured against
// this one (server CPU per request). BENCH_TRACE=1 adds one OpenTelemetry span per request by hand.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
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
import { recordSpans } from './record-spans';
import { withSpanByHand } from './span-by-hand';

const JSON_TYPE = 'application/json; charset=utf-8';
const VERIFY_OPTIONS = { algorithms: JWT_ALGORITHMS };
const required = ROLE_LEVELS[MINIMUM_ROLE];
const USER_PREFIX = '/users/';

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': JSON_TYPE });
  res.end(JSON.stringify(body));
}

function validate(req: IncomingMessage, res: ServerResponse): void {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    let body: unknown;
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      send(res, 400, { statusCode: 400, error: 'Bad Request', message: 'Malformed JSON' });
      return;
    }
    const result = ValidateBody.safeParse(body);
    if (result.success) send(res, 201, result.data);
    else send(res, 422, { statusCode: 422, error: 'Unprocessable Entity', message: 'Validation failed' });
  });
}

function guarded(req: IncomingMessage, res: ServerResponse): void {
  const header = req.headers.authorization;
  let claims: BenchClaims;
  try {
    if (!header?.startsWith('Bearer ')) throw new Error('missing');
    claims = jwt.verify(header.slice(7), JWT_KEY, VERIFY_OPTIONS) as BenchClaims;
    if (claims.type !== 'access' || DENIED_TOKEN_IDS.has(claims.jti)) throw new Error('revoked');
  } catch {
    send(res, 401, { statusCode: 401, error: 'Unauthorized', message: 'Invalid token' });
    return;
  }
  if ((ROLE_LEVELS[claims.role] ?? -1) < required)
    send(res, 403, { statusCode: 403, error: 'Forbidden', message: 'Role too low' });
  else send(res, 200, protectedPayload(claims.username, claims.role));
}

const answer = (req: IncomingMessage, res: ServerResponse) => {
  const { method, url = '/' } = req;
  if (method === 'GET') {
    if (url === '/hello') return send(res, 200, HELLO);
    if (url === '/items') return send(res, 200, ITEMS);
    if (url === '/scoped') return send(res, 200, new RequestGreeter().greet());
    if (url === '/protected') return guarded(req, res);
    if (url.startsWith(USER_PREFIX) && url.indexOf('/', USER_PREFIX.length) === -1)
      return send(res, 200, userPayload(url.slice(USER_PREFIX.length)));
  } else if (method === 'POST' && url === '/validate') return validate(req, res);
  send(res, 404, { statusCode: 404, error: 'Not Found', message: 'Not Found' });
};

const routeOf = (_method: string, url: string) => (url.startsWith(USER_PREFIX) ? '/users/:id' : url);
const traced = process.env.BENCH_TRACE === '1';
if (traced) recordSpans();
const server = createServer(traced ? withSpanByHand(answer, routeOf) : answer);

server.listen(PORT, HOST, () => announce((server.address() as { port: number }).port));
