// NestJS on Express as its documentation writes it: a module, controllers, a zod validation pipe,
// an auth guard and a roles guard reading a Roles() decorator, a Scope.REQUEST provider.
import 'reflect-metadata';
import {
  Body,
  type CanActivate,
  Controller,
  type ExecutionContext,
  ForbiddenException,
  Get,
  Injectable,
  Module,
  Param,
  type PipeTransform,
  Post,
  Req,
  Scope,
  UnauthorizedException,
  UnprocessableEntityException,
  UseGuards,
} from '@nestjs/common';
import { NestFactory, Reflector } from '@nestjs/core';
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

type AuthenticatedRequest = { headers: Record<string, string | undefined>; user?: BenchClaims };

const Roles = Reflector.createDecorator<string>();

class ZodValidationPipe implements PipeTransform {
  constructor(private readonly schema: ZodType) {}

  transform(value: unknown) {
    const result = this.schema.safeParse(value);
    if (!result.success) throw new UnprocessableEntityException('Validation failed');
    return result.data;
  }
}

@Injectable()
class AuthGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const header = request.headers.authorization;
    if (!header?.startsWith('Bearer ')) throw new UnauthorizedException('Missing token');
    try {
      const claims = jwt.verify(header.slice(7), JWT_SECRET, { algorithms: JWT_ALGORITHMS }) as BenchClaims;
      if (claims.type !== 'access' || DENIED_TOKEN_IDS.has(claims.jti)) throw new Error('revoked');
      request.user = claims;
      return true;
    } catch {
      throw new UnauthorizedException('Invalid token');
    }
  }
}

@Injectable()
class RolesGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const role = this.reflector.get(Roles, context.getHandler());
    if (!role) return true;
    const { user } = context.switchToHttp().getRequest<AuthenticatedRequest>();
    if ((ROLE_LEVELS[user!.role] ?? -1) >= ROLE_LEVELS[role]) return true;
    throw new ForbiddenException('Role too low');
  }
}

@Injectable({ scope: Scope.REQUEST })
class ScopedGreeter extends RequestGreeter {}

@Controller()
class BenchController {
  @Get('hello')
  hello() {
    return HELLO;
  }

  @Get('items')
  items() {
    return ITEMS;
  }

  @Get('users/:id')
  user(@Param('id') id: string) {
    return userPayload(id);
  }

  @Post('validate')
  validate(@Body(new ZodValidationPipe(ValidateBody)) body: ValidateBody) {
    return body;
  }

  @Get('protected')
  @UseGuards(AuthGuard, RolesGuard)
  @Roles(MINIMUM_ROLE)
  guarded(@Req() request: AuthenticatedRequest) {
    return protectedPayload(request.user!.username, request.user!.role);
  }
}

@Controller()
class ScopedController {
  constructor(private readonly greeter: ScopedGreeter) {}

  @Get('scoped')
  scoped() {
    return this.greeter.greet();
  }
}

@Module({ controllers: [BenchController, ScopedController], providers: [ScopedGreeter] })
class BenchModule {}

async function main(): Promise<void> {
  const app = await NestFactory.create(BenchModule, { logger: false });
  await app.listen(PORT, HOST);
  announce((app.getHttpServer().address() as { port: number }).port);
}

void main();
