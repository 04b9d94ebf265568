import type { StarterFeature } from './starter-feature';

/** Log in with the auth module's endpoints, and a route only a logged-in user reaches. */
export const authFeature: StarterFeature = {
  dependencies: [],
  imports: ({ rel }) => [
    "import { randomBytes } from 'node:crypto';",
    `import { ProfileController } from '${rel('./profile.controller')}';`,
    `import { UsersRepository } from '${rel('./users.repository')}';`,
  ],
  classes: { controllers: ['ProfileController'] },
  configure: `  // Set JWT_SECRET (32 characters at least) in production; a random one is used otherwise, so
  // tokens die with the process.
  const secret = process.env.JWT_SECRET ?? randomBytes(32).toString('hex');
  app.install('auth', {
    jwt: { secret, accessTokenTTL: 15 * 60, refreshTokenTTL: 24 * 60 * 60 },
    userProvider: UsersRepository,
    // POST /auth/login, POST /auth/refresh, GET /auth/me, POST /auth/logout
    routes: true,
  });
  // A demo user, so that there is someone to log in as; replace with your own users' store.
  app.onReady(async () => {
    const passwordHash = await app.container.get(AuthService).hashPassword(DEMO_PASSWORD);
    app.container.get(UsersRepository).add({
      id: 1,
      username: 'demo',
      email: 'demo@example.com',
      role: 'user',
      permissions: [],
      passwordHash,
    });
  });
`,
  files: ({ rel }) => ({
    'src/users.repository.ts': `import { Injectable, type UserProvider, type UserRecord } from 'trellis';

/** The application's users, as the auth module reads them; in memory here, a table in a real application. */
@Injectable()
export class UsersRepository implements UserProvider {
  private readonly users = new Map<string, UserRecord>();

  /** Adds a user with the bcrypt hash of its password (AuthService.hashPassword). */
  add(user: UserRecord): void {
    this.users.set(String(user.id), user);
  }

  /** The user with its hash: the auth module checks the password against it. */
  findByCredentials(username: string): UserRecord | null {
    return [...this.users.values()].find((user) => user.username === username) ?? null;
  }

  findById(id: string | number): UserRecord | null {
    return this.users.get(String(id)) ?? null;
  }
}
`,
    'src/profile.controller.ts': `import { Auth, type AuthenticatedUser, Controller, CurrentUser, Get } from 'trellis';

/** Routes only a logged-in caller reaches: \`Authorization: Bearer <accessToken>\`, else 401. */
@Controller('/profile')
@Auth()
export class ProfileController {
  @Get()
  me(@CurrentUser() user: AuthenticatedUser) {
    return { username: user.username, role: user.role };
  }
}
`,
    'spec/auth.spec.ts': `import { expect } from 'chai';
import { closeTestApps, createTestApp } from 'trellis/testing';
import { buildApp, DEMO_PASSWORD } from '${rel('../src/app')}';

describe('logging in and a protected route', () => {
  afterEach(() => closeTestApps());

  it('logs the demo user in (200) and lets the access token through to /profile', async () => {
    const app = buildApp(createTestApp);
    const login = await app.inject({
      method: 'POST',
      url: '/auth/login',
      body: { username: 'demo', password: DEMO_PASSWORD },
    });
    expect(login.statusCode).to.equal(200);
    const { accessToken, user } = login.json();
    expect(user.username).to.equal('demo');
    const profile = await app.inject({
      method: 'GET',
      url: '/profile',
      headers: { authorization: \`Bearer \${accessToken}\` },
    });
    expect(profile.json()).to.deep.equal({ username: 'demo', role: 'user' });
  });

  it('refuses a wrong password (401) and a call without a token (401)', async () => {
    const app = buildApp(createTestApp);
    const login = await app.inject({ method: 'POST', url: '/auth/login', body: { username: 'demo', password: 'wrong' } });
    expect(login.statusCode).to.equal(401);
    expect((await app.inject({ method: 'GET', url: '/profile' })).statusCode).to.equal(401);
  });
});
`,
  }),
  readme: [
    '- `src/profile.controller.ts`: `GET /profile`, for logged-in callers only; `src/users.repository.ts`: the users (a demo user `demo`, password `DEMO_PASSWORD`, default `Demo-pass-123!`).',
    '- `POST /auth/login` `{ "username": "demo", "password": "Demo-pass-123!" }` answers `{ accessToken, refreshToken, user }`; send `Authorization: Bearer <accessToken>`. Set `JWT_SECRET` in production.',
  ],
  serves: ['/auth/login', '/profile'],
};
