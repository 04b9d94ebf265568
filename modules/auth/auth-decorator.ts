import { recordGuard } from '../../src/kernel';

/** The guard kind `Auth()` records and the auth module defines; guards that need a caller require it. */
export const AUTH_GUARD_KIND = 'auth';

/**
 * Requires a valid access token (module `auth`): 401 without one. On a class, every method.
 * @example @Get('/me') @Auth() me(@CurrentUser() user: AuthenticatedUser) { return user; }
 */
export function Auth(): ClassDecorator & MethodDecorator {
  return recordGuard({
    kind: AUTH_GUARD_KIND,
    module: 'auth',
    label: 'Auth()',
    docs: { security: 'bearer' },
  });
}
