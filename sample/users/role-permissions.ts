import { REFERENCE_PERMISSIONS } from '../trellis';

const inGroup = (all: readonly string[], group: string) => all.filter((p) => p.startsWith(`${group}.`));

// What each reference role may do by default: demo users get these, and so do users created
// through `POST /users` and `POST /auth/register` (viewer) unless told otherwise.
const DEFAULTS: Record<string, (all: readonly string[]) => string[]> = {
  admin: (all) => [...all],
  manager: (all) => [
    ...inGroup(all, 'users').filter((p) => p !== 'users.change_role'),
    ...inGroup(all, 'tasks'),
    ...inGroup(all, 'teams'),
  ],
  team_lead: (all) => [...inGroup(all, 'tasks'), 'teams.read', 'teams.add_member', 'teams.remove_member'],
  developer: () => ['tasks.create', 'tasks.read', 'tasks.update', 'tasks.complete'],
  viewer: () => ['tasks.read'],
};

/** The default permissions of a reference role (none for a role without defaults). */
export function permissionsForRole(role: string, all: readonly string[] = REFERENCE_PERMISSIONS): string[] {
  return DEFAULTS[role]?.(all) ?? [];
}
