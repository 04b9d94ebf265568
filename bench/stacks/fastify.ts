// Fastify 5 by hand, the reference: a route per path, zod in the handler, an onRequest hook
// verifying the token with a KeyObject, a request-scoped object built per request.
// BENCH_FASTIFY=same-headers adds, in an onRequest hook, the twelve security headers Trellis
// sends by default from one object built once (the fair peer of Trellis's defaults);
// BENCH_FASTIFY=production is Fastify in its standard production setting: `logger: true` (its
// lines on stdout, which the bench sends to /dev/null) and `@fastify/helmet`.
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import jwt from 'jsonwebtoken';
import {
  announce,
  type BenchClaims,
  DENIED_TOKEN_IDS,
  HELLO,
  HOST,
  ITEM_LIST_JSON_SCHEMA,
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
import { SECURITY_HEADERS } from './security-headers';

declare module 'fastify' {
  interface FastifyRequest {
    user?: BenchClaims;
  }
}

const MODE = process.env.BENCH_FASTIFY ?? 'plain';
const VERIFY_OPTIONS = { algorithms: JWT_ALGORITHMS };
const required = ROLE_LEVELS[MINIMUM_ROLE];

async function authenticate(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) {
    return reply.code(401).send({ statusCode: 401, error: 'Unauthorized', message: 'Missing token' });
  }
  try {
    const claims = jwt.verify(header.slice(7), JWT_KEY, VERIFY_OPTIONS) as BenchClaims;
    if (claims.type !== 'access' || DENIED_TOKEN_IDS.has(claims.jti)) throw new Error('revoked');
    request.user = claims;
  } catch {
    return reply.code(401).send({ statusCode: 401, error: 'Unauthorized', message: 'Invalid token' });
  }
  if ((ROLE_LEVELS[request.user.role] ?? -1) < required)
    return reply.code(403).send({ statusCode: 403, error: 'Forbidden', message: 'Role too low' });
}

const app = Fastify({ logger: MODE === 'production' });

if (MODE === 'same-headers')
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(SECURITY_HEADERS);
    done();
  });
// Loaded only in that mode, so the other modes start without the package (the start-up bench) and
// run where @fastify/helmet is not installed.
if (MODE === 'production') void app.register(require('@fastify/helmet'));

app.get('/hello', async () => HELLO);

app.get('/items', { schema: { response: { 200: ITEM_LIST_JSON_SCHEMA } } }, async () => ITEMS);

app.get<{ Params: { id: string } }>('/users/:id', async (request) => userPayload(request.params.id));

app.post('/validate', async (request, reply) => {
  const result = ValidateBody.safeParse(request.body);
  if (!result.success)
    return reply
      .code(422)
      .send({ statusCode: 422, error: 'Unprocessable Entity', message: 'Validation failed' });
  return reply.code(201).send(result.data);
});

app.get('/protected', { onRequest: authenticate }, async (request) =>
  protectedPayload(request.user!.username, request.user!.role),
);

app.get('/scoped', async () => new RequestGreeter().greet());

app.listen({ port: PORT, host: HOST }).then(() => {
  announce((app.server.address() as { port: number }).port);
});
