import { defineModule, ForbiddenException, UnauthorizedException } from '../../../src';

const LEVELS: Record<string, number> = { viewer: 1, developer: 2, admin: 3 };

/**
 * A stand-in for the auth and rbac modules: the `x-test-role` header authenticates a caller with
 * that role, and `MinimumRole` compares role levels.
 */
export const specAuthModule = defineModule<void>({
  name: 'spec-auth',
  install(app) {
    app.guards.define({
      kind: 'auth',
      priority: 0,
      compile: () => (ctx) => {
        const role = ctx.headers['x-test-role'];
        if (typeof role !== 'string' || !(role in LEVELS))
          throw new UnauthorizedException('Missing test role');
        ctx.user = { id: 7, username: `${role}-user`, email: `${role}@example.com`, role, permissions: [] };
      },
    });
    app.guards.define({
      kind: 'minimumRole',
      priority: 10,
      requires: ['auth'],
      compile: (options) => {
        const needed = Math.max(...options.map((role) => LEVELS[role as string]));
        return (ctx) => {
          if (LEVELS[ctx.user!.role] < needed) throw new ForbiddenException('Role too low');
        };
      },
    });
  },
});
