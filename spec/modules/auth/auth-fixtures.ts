import sinon from 'sinon';
import { z } from 'zod';
import { Auth, type AuthOptions, AuthService, type UserRecord } from '../../../modules/auth';
import type { AuthenticatedUser } from '../../../modules/auth/caller';
import { Body, Controller, CurrentUser, Get, Post } from '../../../src';
import type { Application } from '../../../src/app/application';
import { createApp } from '../../../src/app/create-app';
import type { EngineName } from '../../../src/engine/engine';
import type { Class } from '../../../src/kernel/metadata/types';

/** Long enough for production. */
export const SECRET = 'spec-secret-0123456789-abcdefghijklmnop';
export const PASSWORD = 'Spec-pass-123!';
/** The low cost specs hash with, for speed; one spec uses the reference cost. */
export const FAST_ROUNDS = 4;

const LoginBody = z.object({ username: z.string(), password: z.string() });
const RefreshBody = z.object({ refreshToken: z.string() });

/** The routes an application would write around AuthService. */
@Controller('/auth')
export class AuthController {
  constructor(private readonly auth: AuthService) {}

  @Post('/login')
  login(@Body(LoginBody) body: z.infer<typeof LoginBody>) {
    return this.auth.login(body.username, body.password);
  }

  @Post('/refresh')
  refresh(@Body(RefreshBody) body: z.infer<typeof RefreshBody>) {
    return this.auth.refresh(body.refreshToken);
  }

  @Post('/logout')
  @Auth()
  logout(@CurrentUser() user: AuthenticatedUser) {
    return this.auth.logout(user);
  }
}

/** A protected route that echoes the caller. */
@Controller('/me')
@Auth()
export class MeController {
  @Get()
  me(@CurrentUser() user: AuthenticatedUser) {
    return user;
  }
}

/** A user store as an application would stub it: sinon stubs over a Map the spec can edit. */
export interface StubbedUsers {
  records: Map<string | number, UserRecord>;
  provider: {
    findByCredentials: sinon.SinonStub<[string, string], Promise<UserRecord | null>>;
    findById: sinon.SinonStub<[string | number], Promise<UserRecord | null>>;
  };
}

export const ADA: AuthenticatedUser = {
  id: 1,
  username: 'ada',
  email: 'ada@example.com',
  role: 'developer',
  permissions: ['tasks.read', 'tasks.create'],
};

export const GRACE: AuthenticatedUser = {
  id: 2,
  username: 'grace',
  email: 'grace@example.com',
  role: 'admin',
  permissions: ['users.read', 'tasks.read'],
};

/** Stubbed users with real bcrypt hashes of `password`. */
export async function stubUsers(
  users: AuthenticatedUser[] = [ADA, GRACE],
  rounds = FAST_ROUNDS,
  password = PASSWORD,
): Promise<StubbedUsers> {
  const bcrypt = await import('bcrypt');
  const passwordHash = await bcrypt.hash(password, rounds);
  const records = new Map<string | number, UserRecord>(
    users.map((user) => [user.id, { ...user, passwordHash }]),
  );
  const byName = (username: string) => [...records.values()].find((r) => r.username === username) ?? null;
  return {
    records,
    provider: {
      findByCredentials: sinon
        .stub<[string, string], Promise<UserRecord | null>>()
        .callsFake(async (u) => byName(u)),
      findById: sinon
        .stub<[string | number], Promise<UserRecord | null>>()
        .callsFake(async (id) => records.get(id) ?? null),
    },
  };
}

/** An application with the auth module installed over `users`. */
export function authApp(
  engine: EngineName,
  users: StubbedUsers,
  options: Partial<AuthOptions> = {},
  controllers: Class[] = [AuthController, MeController],
): Application {
  return createApp({ engine, controllers }).install('auth', {
    jwt: { secret: SECRET, accessTokenTTL: 60, refreshTokenTTL: 600 },
    userProvider: users.provider,
    bcryptRounds: FAST_ROUNDS,
    ...options,
  });
}

/** The `Authorization` header of a token. */
export function bearer(token: string): string {
  return `Bearer ${token}`;
}
