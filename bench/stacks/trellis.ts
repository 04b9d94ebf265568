// Trellis as its README writes it: one controller, zod schemas in the decorators, Auth() and
// MinimumRole() from the auth and rbac modules, a request-scoped service through Depends().
// BENCH_ENGINE picks the engine (express or fastify); BENCH_LOGIN=1 adds a bcrypt login user.
import { z } from 'zod';
import {
  Auth,
  AuthService,
  type AuthenticatedUser,
  Body,
  Controller,
  CurrentUser,
  createApp,
  Depends,
  Get,
  InMemoryTokenStore,
  Injectable,
  MinimumRole,
  Param,
  Post,
  REFERENCE_PERMISSIONS,
  REFERENCE_ROLES,
  type UserRecord,
} from '../../dist';
import {
  announce,
  BENCH_SESSION_ID,
  BENCH_USER,
  HELLO,
  HOST,
  JWT_SECRET,
  MINIMUM_ROLE,
  PORT,
  protectedPayload,
  RequestGreeter,
  userPayload,
  ValidateBody,
} from './fixtures';

const LOGIN_PASSWORD = 'S3cret!pass';
const LoginBody = z.object({ username: z.string(), password: z.string() });

@Injectable('request')
class ScopedGreeter extends RequestGreeter {}

@Controller()
class BenchController {
  constructor(private readonly auth: AuthService) {}

  @Get('/hello')
  hello() {
    return HELLO;
  }

  @Get('/users/:id')
  user(@Param('id') id: string) {
    return userPayload(id);
  }

  @Post('/validate')
  validate(@Body(ValidateBody) body: ValidateBody) {
    return body;
  }

  @Get('/protected')
  @Auth()
  @MinimumRole(MINIMUM_ROLE)
  guarded(@CurrentUser() user: AuthenticatedUser) {
    return protectedPayload(user.username, user.role);
  }

  @Get('/scoped')
  scoped(@Depends(ScopedGreeter) greeter: ScopedGreeter) {
    return greeter.greet();
  }

  @Post('/login')
  login(@Body(LoginBody) body: z.infer<typeof LoginBody>) {
    return this.auth.login(body.username, body.password);
  }
}

const users = new Map<string, UserRecord>();

async function main(): Promise<void> {
  const store = new InMemoryTokenStore();
  const app = createApp({
    controllers: [BenchController],
    engine: process.env.BENCH_ENGINE === 'fastify' ? 'fastify' : 'express',
  })
    .install('auth', {
      jwt: { secret: JWT_SECRET, accessTokenTTL: 3600, refreshTokenTTL: 86400 },
      userProvider: {
        findByCredentials: (username) => users.get(username),
        findById: (id) => [...users.values()].find((user) => user.id === id),
      },
      store,
      bcryptRounds: Number(process.env.BENCH_BCRYPT_ROUNDS ?? 10),
    })
    .install('rbac', { roles: REFERENCE_ROLES, permissions: REFERENCE_PERMISSIONS });
  // The orchestrator's token belongs to this session, as if the user had logged in.
  await store.createSession({ sessionId: BENCH_SESSION_ID, userId: BENCH_USER.id, refreshJti: 'r', ttl: 86400 });
  const server = await app.listen(PORT, HOST);
  if (process.env.BENCH_LOGIN === '1') {
    const passwordHash = await app.container.get(AuthService).hashPassword(LOGIN_PASSWORD);
    users.set(BENCH_USER.username, { ...BENCH_USER, passwordHash });
  }
  announce((server.address() as { port: number }).port);
}

void main();
