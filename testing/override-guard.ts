import type { Application } from '../src/app/application';
import type { GuardCheck } from '../src/guards/guard-registry';

const ALLOW: GuardCheck = () => {};

/**
 * Replaces a guard kind (`'auth'`, `'minimumRole'`, `'permissions'` or a module's own) with
 * `check` on every route, gateway and resolver; by default it lets everything through. A check
 * may set `ctx.user` to act as someone. Call it before `ready()`.
 * @example overrideGuard(app, 'auth', (ctx) => { ctx.user = { id: 1, username: 'ada', role: 'admin', permissions: [] }; });
 */
export function overrideGuard(app: Application, kind: string, check: GuardCheck = ALLOW): Application {
  const current = app.guards.get(kind);
  app.guards.define({
    kind,
    priority: current?.priority ?? 0,
    requires: current?.requires,
    compile: () => check,
  });
  return app;
}
