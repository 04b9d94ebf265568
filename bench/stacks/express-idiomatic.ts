// Express 5 as its guide writes it: express.json() for every request, res.json, defaults kept
// (ETag, X-Powered-By), jsonwebtoken given the secret string, middleware for auth and roles.
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
  JWT_SECRET,
  MINIMUM_ROLE,
  PORT,
  protectedPayload,
  RequestGreeter,
  ROLE_LEVELS,
  userPayload,
  ValidateBody,
} from './fixtures';

interface Authenticated {
  user?: BenchClaims;
  greeter?: RequestGreeter;
}

function authenticate(req: Request & Authenticated, res: Response, next: NextFunction): void {
  const header = req.headers.authorization;
  if (!header?.startsWith('Bearer ')) {
    res.status(401).json({ statusCode: 401, error: 'Unauthorized', message: 'Missing token' });
    return;
  }
  try {
    const claims = jwt.verify(header.slice(7), JWT_SECRET, { algorithms: JWT_ALGORITHMS }) as BenchClaims;
    if (claims.type !== 'access' || DENIED_TOKEN_IDS.has(claims.jti)) throw new Error('revoked');
    req.user = claims;
    next();
  } catch {
    res.status(401).json({ statusCode: 401, error: 'Unauthorized', message: 'Invalid token' });
  }
}

function requireRole(role: string) {
  const required = ROLE_LEVELS[role];
  return (req: Request & Authenticated, res: Response, next: NextFunction): void => {
    if ((ROLE_LEVELS[req.user!.role] ?? -1) >= required) next();
    else res.status(403).json({ statusCode: 403, error: 'Forbidden', message: 'Role too low' });
  };
}

const app = express();
app.use(express.json());

app.get('/hello', (_req, res) => {
  res.json(HELLO);
});

app.get('/items', (_req, res) => {
  res.json(ITEMS);
});

app.get('/users/:id', (req, res) => {
  res.json(userPayload(req.params.id));
});

app.post('/validate', (req, res) => {
  const result = ValidateBody.safeParse(req.body);
  if (!result.success) {
    res.status(422).json({ statusCode: 422, error: 'Unprocessable Entity', message: 'Validation failed' });
    return;
  }
  res.status(201).json(result.data);
});

app.get('/protected', authenticate, requireRole(MINIMUM_ROLE), (req: Request & Authenticated, res) => {
  res.json(protectedPayload(req.user!.username, req.user!.role));
});

app.get(
  '/scoped',
  (req: Request & Authenticated, _res, next) => {
    req.greeter = new RequestGreeter();
    next();
  },
  (req: Request & Authenticated, res) => {
    res.json(req.greeter!.greet());
  },
);

const server = app.listen(PORT, HOST, () => {
  announce((server.address() as { port: number }).port);
});
