import type { Role } from './rbac-options';

/** The reference application's roles, highest first. */
export const REFERENCE_ROLES: readonly Readonly<Role>[] = Object.freeze(
  [
    { name: 'admin', level: 100, description: 'Acceso total al sistema' },
    { name: 'manager', level: 80, description: 'Gestiona usuarios, tareas y equipos' },
    { name: 'team_lead', level: 60, description: 'Dirige un equipo y sus tareas' },
    { name: 'developer', level: 40, description: 'Crea y completa tareas' },
    { name: 'viewer', level: 20, description: 'Solo lectura' },
  ].map((role) => Object.freeze(role)),
);

/** The reference application's permissions, by area: users, tasks, teams, admin. */
export const REFERENCE_PERMISSIONS: readonly string[] = Object.freeze([
  'users.create',
  'users.read',
  'users.update',
  'users.delete',
  'users.list',
  'users.change_role',
  'tasks.create',
  'tasks.read',
  'tasks.update',
  'tasks.delete',
  'tasks.assign',
  'tasks.complete',
  'teams.create',
  'teams.read',
  'teams.update',
  'teams.delete',
  'teams.add_member',
  'teams.remove_member',
  'admin.users',
  'admin.tasks',
  'admin.teams',
  'admin.analytics',
]);
