// The Trellis application of the bench, as its README writes one: one controller, zod schemas in
// the decorators, Auth() and MinimumRole() from the auth and rbac modules, a request-scoped
// service through Depends(). Served by trellis.ts; measured without HTTP by micro/.
import { z } from 'zod';
import {
  type Application,
  type AppOptions,
  Auth,
  type AuthenticatedUser,
  AuthService,
  Body,
  Controller,
  CurrentUser,
  createApp,
  Depends,
  Get,
  Injectable,
  InMemoryTokenStore,
  MinimumRole,
  Param,
  Post,
  REFERENCE_PERMISSIONS,
  REFERENCE_ROLES,
  Returns,
  type UserRecord,
} from '../../dist';
import {
  BENCH_SESSION_ID,
  BENCH_USER,
  HELLO,
  ITEMS,
  ItemListSchema,
  JWT_SECRET,
  MINIMUM_ROLE,
  protectedPayload,
  RequestGreeter,
  userPayload,
  ValidateBody,
} from './fixtures';

/** The password of the login user (BENCH_LOGIN=1). */
export const LOGIN_PASSWORD = 'S3cret!pass';
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

  @Get('/items')
  @Returns(ItemListSchema)
  items() {
    return ITEMS;
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

/** The users `POST /login` knows; empty unless the caller adds one. */
export const users = new Map<string, UserRecord>();

/** The bench application on `engine`, its token store holding the bench token's session. */
export async function createBenchApp(
  engine: 'express' | 'fastify',
  bcryptRounds = 10,
  observed: Partial<AppOptions> = {},
): Promise<Application> {
  const store = new InMemoryTokenStore();
  const app = createApp({ ...observed, controllers: [BenchController], engine })
    .install('auth', {
      jwt: { secret: JWT_SECRET, accessTokenTTL: 3600, refreshTokenTTL: 86400 },
      userProvider: {
        findByCredentials: (username) => users.get(username),
        findById: (id) => [...users.values()].find((user) => user.id === id),
      },
      store,
      bcryptRounds,
    })
    .install('rbac', { roles: REFERENCE_ROLES, permissions: REFERENCE_PERMISSIONS });
  // The orchestrator's token belongs to this session, as if the user had logged in.
  await store.createSession({
    sessionId: BENCH_SESSION_ID,
    userId: BENCH_USER.id,
    refreshJti: 'r',
    ttl: 86400,
  });
  return app;
}
