import type { Role } from '../rbac';

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
