// The shape of rbac's `Role`, written here: the sample's contract imports these roles, and a client
// project compiling that contract must not be made to compile the server's modules with it.
type ReferenceRole = Readonly<{ name: string; level: number; description: string }>;

/** The reference application's roles, highest first (rbac `Role`s). */
export const REFERENCE_ROLES: readonly ReferenceRole[] = Object.freeze(
  [
    { name: 'admin', level: 100, description: 'Acceso total al sistema' },
    { name: 'manager', level: 80, description: 'Gestiona usuarios, tareas y equipos' },
    { name: 'team_lead', level: 60, description: 'Dirige un equipo y sus tareas' },
    { name: 'developer', level: 40, description: 'Crea y completa tareas' },
    { name: 'viewer', level: 20, description: 'Solo lectura' },
  ].map((role) => Object.freeze(role)),
);
