import { recordGuard } from '../../src/kernel';

/** The guard kind `Auth()` records and the auth module defines; guards that need a caller require it. */
export const AUTH_GUARD_KIND = 'auth';

/** What `Auth(options)` takes. */
export interface AuthGuardOptions {
  /**
   * Serve anonymous calls too: without an `Authorization` header the handler runs with
   * `CurrentUser()` and `CurrentToken()` undefined. A token that is sent must still be valid: a
   * malformed, expired or revoked one is 401, never an anonymous call. Only when every `Auth()` on
   * the route (class and method) says so; `MinimumRole` and `Permissions` still refuse an
   * anonymous caller with 401.
   */
  optional?: boolean;
  /** Load the caller through the user provider once per call (the module's `freshUser` for one route). */
  fresh?: boolean;
}

const OPTIONAL_NOTE =
  'Authentication is optional: a call without a token is served anonymously; a token that is sent must be valid.';

function labelOf(options: AuthGuardOptions): string {
  const given = Object.entries(options).map(([key, value]) => `${key}: ${String(value)}`);
  return given.length === 0 ? 'Auth()' : `Auth({ ${given.join(', ')} })`;
}

/**
 * Requires a valid access token (module `auth`): 401 without one, unless `optional`. On a class,
 * every method.
 * @example @Get('/me') @Auth() me(@CurrentUser() user: AuthenticatedUser) { return user; }
 * @example @Get('/articles') @Auth({ optional: true }) list(@CurrentUser() user?: AuthenticatedUser) { ... }
 */
export function Auth(options: AuthGuardOptions = {}): ClassDecorator & MethodDecorator {
  return recordGuard({
    kind: AUTH_GUARD_KIND,
    module: 'auth',
    label: labelOf(options),
    // Recorded even when empty: the guard tells a route every Auth() of which is optional from one
    // where a plain Auth() (on its class, say) still requires a token.
    options: { ...options },
    docs: {
      security: 'bearer',
      notes: (all) => (isOptional(all) ? [OPTIONAL_NOTE] : []),
    },
  });
}

/** Whether the `Auth()` options of one route let anonymous calls through: every one says `optional`. */
export function isOptional(options: readonly unknown[]): boolean {
  return options.length > 0 && options.every((given) => (given as AuthGuardOptions).optional === true);
}

/** Whether one of the `Auth()` options of a route asks for the caller as stored now. */
export function wantsFresh(options: readonly unknown[]): boolean {
  return options.some((given) => (given as AuthGuardOptions).fresh === true);
}
