export { REFERENCE_PERMISSIONS } from './reference-permissions';
export { REFERENCE_ROLES } from './reference-roles';
