/** Lifetime of an injectable: one per app, one per request, or one per injection. */
export type Scope = 'singleton' | 'request' | 'transient';

/** The scopes a user may name, for checking input at `ready()`. */
export const SCOPES: readonly Scope[] = ['singleton', 'request', 'transient'];
