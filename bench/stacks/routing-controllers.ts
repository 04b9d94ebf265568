// routing-controllers 0.11 on its Express 4 driver, as its README writes it: JSON controllers,
// authorizationChecker and currentUserChecker for Authorized()/CurrentUser(), zod in the
// handler. It has no request scope: the per-request object comes from a UseBefore middleware.
import 'reflect-metadata';
import jwt from 'jsonwebtoken';
import {
  type Action,
  Authorized,
  Body,
  CurrentUser,
  createExpressServer,
  Get,
  HttpCode,
  HttpError,
  JsonController,
  Param,
  Post,
  Req,
  UnauthorizedError,
  UseBefore,
} from 'routing-controllers';
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

type BenchRequest = {
  headers: Record<string, string | undefined>;
  user?: BenchClaims;
  greeter?: RequestGreeter;
};

function withGreeter(request: BenchRequest, _response: unknown, next: () => void): void {
  request.greeter = new RequestGreeter();
  next();
}

@JsonController()
class BenchController {
  @Get('/hello')
  hello() {
    return HELLO;
  }

  @Get('/items')
  items() {
    return ITEMS;
  }

  @Get('/users/:id')
  user(@Param('id') id: string) {
    return userPayload(id);
  }

  @Post('/validate')
  @HttpCode(201)
  validate(@Body() body: unknown) {
    const result = ValidateBody.safeParse(body);
    if (!result.success) throw new HttpError(422, 'Validation failed');
    return result.data;
  }

  @Get('/protected')
  @Authorized(MINIMUM_ROLE)
  guarded(@CurrentUser() user: BenchClaims) {
    return protectedPayload(user.username, user.role);
  }

  @Get('/scoped')
  @UseBefore(withGreeter)
  scoped(@Req() request: BenchRequest) {
    return request.greeter!.greet();
  }
}

function authorizationChecker(action: Action, roles: string[]): boolean {
  const request = action.request as BenchRequest;
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) throw new UnauthorizedError('Missing token');
  let claims: BenchClaims;
  try {
    claims = jwt.verify(header.slice(7), JWT_SECRET, { algorithms: JWT_ALGORITHMS }) as BenchClaims;
  } catch {
    throw new UnauthorizedError('Invalid token');
  }
  if (claims.type !== 'access' || DENIED_TOKEN_IDS.has(claims.jti))
    throw new UnauthorizedError('Revoked token');
  request.user = claims;
  const own = ROLE_LEVELS[claims.role] ?? -1;
  return roles.every((role) => own >= ROLE_LEVELS[role]);
}

const app = createExpressServer({
  controllers: [BenchController],
  authorizationChecker,
  currentUserChecker: (action: Action) => (action.request as BenchRequest).user,
});

const server = app.listen(PORT, HOST, () => {
  announce((server.address() as { port: number }).port);
});
