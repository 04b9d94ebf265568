import type { ModuleHost as Application } from '../../../src/kernel';
import type { AuthMessages } from '../auth-messages';
import { authRoutesController } from './auth-routes-controller';
import type { AuthRoutesOptions } from './auth-routes-options';
import { loginAttempts } from './login-attempts';

/** Where the reference endpoints go unless `routes.prefix` says otherwise. */
export const DEFAULT_AUTH_ROUTES_PREFIX = '/auth';

/** Registers the reference endpoints of `install('auth', { routes })`. */
export function mountAuthRoutes(
  app: Application,
  routes: true | AuthRoutesOptions,
  messages: AuthMessages,
): void {
  const options: AuthRoutesOptions = routes === true ? {} : routes;
  const prefix = options.prefix ?? DEFAULT_AUTH_ROUTES_PREFIX;
  const limit = options.loginLimit ?? {};
  const attempts = limit === false ? undefined : loginAttempts(limit, messages.tooManyLogins);
  app.register(authRoutesController(prefix, messages, attempts));
}
