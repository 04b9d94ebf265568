import type { AuthenticatedUser } from '../../../../modules/auth/caller';
import { ForbiddenException, UnauthorizedException } from '../../../../src';
import type { RequestContext } from '../../../../src/http/request-context';
import type { TrellisModule } from '../../../../src/kernel/modules/module-registry';

/** The callers the spec guards know, by token. */
export const SPEC_USERS: Record<string, AuthenticatedUser> = {
  'admin-token': { id: 1, username: 'ada', role: 'admin', permissions: [] },
  'viewer-token': { id: 2, username: 'vic', role: 'viewer', permissions: [] },
};

const LEVELS: Record<string, number> = { viewer: 1, admin: 3 };

/**
 * A stand-in for the auth and rbac modules that provides the guard kinds `Auth()` and
 * `MinimumRole()` declare; tokens are looked up in `SPEC_USERS`.
 */
export const specAuthModule: TrellisModule<void> = {
  name: 'spec-auth',
  install(app) {
    app.guards.define({
      kind: 'auth',
      priority: 0,
      compile: (_options, site) => (ctx) => {
        const header = ctx.headers.authorization;
        const token =
          typeof header === 'string' && header.startsWith('Bearer ')
            ? header.slice('Bearer '.length)
            : site.transport === 'ws'
              ? (ctx as RequestContext).query.token
              : undefined;
        const user = typeof token === 'string' ? SPEC_USERS[token] : undefined;
        if (!user) throw new UnauthorizedException('Token inválido');
        ctx.user = user;
      },
    });
    app.guards.define({
      kind: 'minimumRole',
      priority: 10,
      requires: ['auth'],
      compile: (options) => {
        const needed = Math.max(...(options as string[]).map((role) => LEVELS[role]));
        return (ctx) => {
          if ((LEVELS[ctx.user!.role] ?? 0) < needed) throw new ForbiddenException('Rol insuficiente');
        };
      },
    });
  },
};
