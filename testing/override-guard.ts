import type { Application } from '../src/app/application';
import { type GuardCheck, type GuardKind, trellisError } from '../src/kernel';

const ALLOW: GuardCheck = () => {};

/**
 * Replaces a guard kind (`'auth'`, `'minimumRole'`, `'permissions'` or a module's own) with
 * `check` on every route, gateway and resolver; by default it lets everything through. A check
 * may set `ctx.user` to act as someone. Call it before `ready()`, once the module that defines
 * the kind is installed: a kind no installed module defines is refused, naming the known ones.
 * @example overrideGuard(app, 'auth', (ctx) => { ctx.user = { id: 1, username: 'ada', role: 'admin', permissions: [] }; });
 */
export function overrideGuard(app: Application, kind: GuardKind, check: GuardCheck = ALLOW): Application {
  const current = app.guards.get(kind);
  if (!current) throw trellisError('TRELLIS_ERR_UNKNOWN_GUARD_KIND', String(kind), app.guards.kinds());
  app.guards.define({
    kind,
    priority: current.priority,
    requires: current.requires,
    compile: () => check,
  });
  return app;
}
