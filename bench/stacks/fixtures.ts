// What every stack serves identically: the five routes' payloads, the JWT secret and claims, the
// role levels and the zod schema. Each stack file reads these so that only the framework differs.
import { createSecretKey } from 'node:crypto';
import type { JwtPayload } from 'jsonwebtoken';
import { z } from 'zod';

/** Where a stack listens: `PORT` from the orchestrator (0 = ephemeral, printed on start). */
export const PORT = Number(process.env.PORT ?? 3000);
export const HOST = '127.0.0.1';

/** The HS256 secret every stack verifies with; tokens are signed by the orchestrator. */
export const JWT_SECRET = 'trellis-bench-secret-0123456789abcdef-0123456789';
/** The same secret as a KeyObject, for the tuned stacks (jsonwebtoken skips its key parsing). */
export const JWT_KEY = createSecretKey(Buffer.from(JWT_SECRET, 'utf8'));
export const JWT_ALGORITHMS: ['HS256'] = ['HS256'];

/** The session and token id of the benchmark token: live in every stack, never denied. */
export const BENCH_SESSION_ID = 'bench-session';
export const BENCH_TOKEN_ID = 'bench-access-token';

/** The reference role levels; `GET /protected` needs at least `manager`. */
export const ROLE_LEVELS: Readonly<Record<string, number>> = {
  admin: 100,
  manager: 80,
  team_lead: 60,
  developer: 40,
  viewer: 20,
};
export const MINIMUM_ROLE = 'manager';

/** Token ids refused before their expiry (logged-out tokens); the check runs on every request. */
export const DENIED_TOKEN_IDS = new Set<string>(['revoked-token-id']);

/** The caller the benchmark token stands for. */
export const BENCH_USER = {
  id: 1,
  username: 'ada',
  email: 'ada@example.com',
  role: 'manager',
  permissions: ['users.read', 'tasks.read'],
};

/** The claims of a verified token, as the hand-written stacks read them. */
export interface BenchClaims extends JwtPayload {
  username: string;
  role: string;
  jti: string;
  sid: string;
  type: string;
}

/** `POST /validate` takes and echoes this. */
export const ValidateBody = z.object({
  name: z.string().min(1).max(100),
  email: z.email(),
  age: z.number().int().min(0).max(150),
});
export type ValidateBody = z.infer<typeof ValidateBody>;

/** `GET /hello` and the request-scoped `GET /scoped`. */
export const HELLO = { message: 'Hello, World!' };

/** `GET /users/:id`. */
export function userPayload(id: string): { id: string; name: string } {
  return { id, name: `User ${id}` };
}

/** `GET /protected`. */
export function protectedPayload(username: string, role: string): { username: string; role: string } {
  return { username, role };
}

/** The request-scoped dependency of `GET /scoped`: one instance per request, dropped with it. */
export class RequestGreeter {
  readonly createdAt = Date.now();
  greet(): { message: string; scope: string } {
    return { message: HELLO.message, scope: 'request' };
  }
}

/** Tells the orchestrator where the server listens; exits cleanly on SIGTERM (so --cpu-prof writes). */
export function announce(port: number): void {
  process.once('SIGTERM', () => process.exit(0));
  process.stdout.write(`listening ${port}\n`);
}

/** One item of `GET /items`: six fields. */
export interface Item {
  id: number;
  name: string;
  price: number;
  inStock: boolean;
  category: string;
  updatedAt: string;
}

/** `GET /items`: a list of 50 items, the same on every request. */
export const ITEMS: readonly Item[] = Array.from({ length: 50 }, (_, i) => ({
  id: i + 1,
  name: `Item ${i + 1}`,
  price: Math.round((i + 1) * 199.5) / 100,
  inStock: i % 3 !== 0,
  category: ['tools', 'garden', 'kitchen', 'books'][i % 4],
  updatedAt: new Date(Date.UTC(2026, 0, 1 + i)).toISOString(),
}));

/** The zod schema of `GET /items` (Trellis's `Returns`). */
export const ItemListSchema = z.array(
  z.object({
    id: z.number().int(),
    name: z.string(),
    price: z.number(),
    inStock: z.boolean(),
    category: z.string(),
    updatedAt: z.string(),
  }),
);

/** The same answer as a hand-written JSON Schema (Fastify's response schema). */
export const ITEM_LIST_JSON_SCHEMA = {
  type: 'array',
  items: {
    type: 'object',
    properties: {
      id: { type: 'integer' },
      name: { type: 'string' },
      price: { type: 'number' },
      inStock: { type: 'boolean' },
      category: { type: 'string' },
      updatedAt: { type: 'string' },
    },
    required: ['id', 'name', 'price', 'inStock', 'category', 'updatedAt'],
  },
} as const;
