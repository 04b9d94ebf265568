import type { ClassRole } from '../kernel/metadata/class-role';

/** The role of `Resolver` classes: given in `resolvers`, served over GraphQL. */
export const RESOLVER_ROLE: ClassRole = { name: 'resolver', decorator: 'Resolver', option: 'resolvers' };
