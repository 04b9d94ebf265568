// @inversifyjs/http-express 5 as the InversifyJS framework docs write it: controllers bound in the
// container, a zod pipe, guards resolved from the container, a dependency bound inRequestScope()
// under a transient controller (resolved once per request).
import 'reflect-metadata';
import {
  Body,
  Controller,
  Get,
  type Guard,
  HttpStatusCode,
  Params,
  type Pipe,
  Post,
  Request,
  StatusCode,
  UnauthorizedHttpResponse,
  UnprocessableEntityHttpResponse,
  UseGuard,
} from '@inversifyjs/http-core';
import { InversifyExpressHttpAdapter } from '@inversifyjs/http-express';
import { Container, inject, injectable } from 'inversify';
import jwt from 'jsonwebtoken';
import type { ZodType } from 'zod';
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

type BenchRequest = { headers: Record<string, string | undefined>; user?: BenchClaims };

class ZodPipe implements Pipe {
  constructor(private readonly schema: ZodType) {}

  execute(input: unknown): unknown {
    const result = this.schema.safeParse(input);
    if (!result.success) throw new UnprocessableEntityHttpResponse({ message: 'Validation failed' });
    return result.data;
  }
}

@injectable()
class AuthGuard implements Guard<BenchRequest> {
  activate(request: BenchRequest): boolean {
    const header = request.headers.authorization;
    if (!header?.startsWith('Bearer ')) throw new UnauthorizedHttpResponse({ message: 'Missing token' });
    try {
      const claims = jwt.verify(header.slice(7), JWT_SECRET, { algorithms: JWT_ALGORITHMS }) as BenchClaims;
      if (claims.type !== 'access' || DENIED_TOKEN_IDS.has(claims.jti)) throw new Error('revoked');
      request.user = claims;
      return true;
    } catch {
      throw new UnauthorizedHttpResponse({ message: 'Invalid token' });
    }
  }
}

@injectable()
class ManagerGuard implements Guard<BenchRequest> {
  activate(request: BenchRequest): boolean {
    return (ROLE_LEVELS[request.user!.role] ?? -1) >= ROLE_LEVELS[MINIMUM_ROLE];
  }
}

@injectable()
class ScopedGreeter extends RequestGreeter {}

@Controller()
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
  user(@Params({ name: 'id' }) id: string) {
    return userPayload(id);
  }

  @Post('/validate')
  @StatusCode(HttpStatusCode.CREATED)
  validate(@Body(new ZodPipe(ValidateBody)) body: ValidateBody) {
    return body;
  }

  @Get('/protected')
  @UseGuard(AuthGuard, ManagerGuard)
  guarded(@Request() request: BenchRequest) {
    return protectedPayload(request.user!.username, request.user!.role);
  }
}

@Controller()
class ScopedController {
  constructor(@inject(ScopedGreeter) private readonly greeter: ScopedGreeter) {}

  @Get('/scoped')
  scoped() {
    return this.greeter.greet();
  }
}

async function main(): Promise<void> {
  const container = new Container();
  container.bind(BenchController).toSelf().inSingletonScope();
  container.bind(ScopedController).toSelf().inTransientScope();
  container.bind(ScopedGreeter).toSelf().inRequestScope();
  container.bind(AuthGuard).toSelf().inSingletonScope();
  container.bind(ManagerGuard).toSelf().inSingletonScope();
  const adapter = new InversifyExpressHttpAdapter(container, { logger: false });
  const app = await adapter.build();
  const server = app.listen(PORT, HOST, () => {
    announce((server.address() as { port: number }).port);
  });
}

void main();
