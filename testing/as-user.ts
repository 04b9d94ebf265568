import { AuthService } from '../modules/auth/auth-service';
import type { AuthSettings } from '../modules/auth/auth-settings';
import { AUTH_SETTINGS } from '../modules/auth/auth-tokens';
import type { AuthenticatedUser } from '../modules/auth/caller';
import type { Application } from '../src/app/application';

/** Who a test acts as; what is left out gets a neutral default. */
export type TestUser = Partial<AuthenticatedUser>;

const DEFAULT_USER: AuthenticatedUser = {
  id: 'test-user',
  username: 'test-user',
  email: 'test-user@example.test',
  role: 'user',
  permissions: [],
};

/**
 * The headers that make a request act as `user` on guarded routes: a real access token of a
 * real session, signed by the app's own `auth` module, so every guard runs as in production
 * and nobody has to log in. Readies the app.
 * @example await app.inject({ method: 'GET', url: '/admin', headers: await asUser(app, { role: 'admin' }) });
 */
export async function asUser(app: Application, user: TestUser = {}): Promise<{ authorization: string }> {
  if (!app.has('auth'))
    throw new Error("asUser() signs with the auth module: app.install('auth', { jwt, userProvider }) first");
  await app.ready();
  const tokens = await app.container.get(AuthService).issueTokens({ ...DEFAULT_USER, ...user });
  // The first scheme the app's auth module accepts (`Bearer` unless `scheme` says otherwise).
  const [scheme] = app.container.get<AuthSettings>(AUTH_SETTINGS).schemes;
  return { authorization: `${scheme} ${tokens.accessToken}` };
}
