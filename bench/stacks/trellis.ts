// Trellis, served: BENCH_ENGINE picks the engine (express or fastify); BENCH_LOGIN=1 adds the
// login user, its password hashed at BENCH_BCRYPT_ROUNDS (the event-loop scenario); BENCH_OBSERVE=1
// turns on request ids, access log and metrics, BENCH_OBSERVE=trace tracing besides (the same app),
// BENCH_OBSERVE=trace-context with a context manager as an SDK's start-up registers one;
// BENCH_SECURITY_HEADERS=0 sends the same headers as the hand-written stacks (no helmet set).
import { AuthService } from '../../dist';
import { announce, BENCH_USER, HOST, PORT } from './fixtures';
import { observabilityOptions } from './observability';
import { createBenchApp, LOGIN_PASSWORD, users } from './trellis-app';

async function main(): Promise<void> {
  const engine = process.env.BENCH_ENGINE === 'fastify' ? 'fastify' : 'express';
  const observe = process.env.BENCH_OBSERVE;
  const observed = {
    ...(observe ? observabilityOptions(observe.startsWith('trace'), observe === 'trace-context') : {}),
    ...(process.env.BENCH_SECURITY_HEADERS === '0' ? { securityHeaders: false as const } : {}),
  };
  const app = await createBenchApp(engine, Number(process.env.BENCH_BCRYPT_ROUNDS ?? 10), observed);
  const server = await app.listen(PORT, HOST);
  if (process.env.BENCH_LOGIN === '1') {
    const passwordHash = await app.container.get(AuthService).hashPassword(LOGIN_PASSWORD);
    users.set(BENCH_USER.username, { ...BENCH_USER, passwordHash });
  }
  announce((server.address() as { port: number }).port);
}

void main();
