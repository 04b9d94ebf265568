import type { Application, TrellisModule } from '../../../../src';
import { ForbiddenException, UnauthorizedException } from '../../../../src';

/**
 * Guard kinds with the names and shapes of the `auth` and `rbac` modules' (`auth`, `minimumRole`,
 * `permissions`), so the docs of guarded routes can be built without a token issuer: a request
 * passes with `Authorization: Bearer letmein`, and the rbac kinds refuse `X-Role: guest`.
 */
export const standInGuards: TrellisModule<void> = {
  name: 'stand-in-guards',
  install(app: Application) {
    app.guards.define({
      kind: 'auth',
      priority: 0,
      compile: () => (ctx) => {
        if (ctx.headers.authorization !== 'Bearer letmein') throw new UnauthorizedException();
      },
    });
    for (const kind of ['minimumRole', 'permissions']) {
      app.guards.define({
        kind,
        priority: 1,
        requires: ['auth'],
        compile: () => (ctx) => {
          if (ctx.headers['x-role'] === 'guest') throw new ForbiddenException();
        },
      });
    }
  },
};
