import type { ClassRole } from '../kernel';

/** The role of `Resolver` classes: given in `resolvers`, served over GraphQL. */
export const RESOLVER_ROLE: ClassRole = { name: 'resolver', decorator: 'Resolver', option: 'resolvers' };
