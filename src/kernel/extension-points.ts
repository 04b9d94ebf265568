/**
 * The kernel's extension points: interfaces that modules and transports fill by declaration
 * merging, so the kernel names none of them. An augmentation must target this file
 * (`declare module '<path>/src/kernel/extension-points'`, or `'trellis'` in an application),
 * since TypeScript merges into the declaring module, not into a barrel that re-exports it.
 */

/** Maps module names to their options; each module adds its entry (`auth`, `rbac`). */
// biome-ignore lint/suspicious/noEmptyInterface: filled by declaration merging in each module
export interface ModuleOptionsMap {}

/**
 * The guard kinds modules define, by name: a module adds its own by declaration merging
 * (`declare module 'trellis' { interface GuardKindMap { audited: true } }`), so that tools
 * typed with `GuardKind` (`overrideGuard`) accept exactly the kinds that exist.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled in by declaration merging
export interface GuardKindMap {}

/**
 * The variables a call carries, declared by whoever sets them, as Hono's `ContextVariableMap`:
 * the auth module declares `user` and `session`, and a guard or interceptor of an application
 * may add its own (`declare module 'trellis' { interface ContextVariableMap { tenant: Tenant } }`).
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled in by declaration merging
export interface ContextVariableMap {}

/**
 * What a transport lets an interceptor add to its calls besides `call` (which wraps a method in
 * every transport): HTTP adds `route`, which wraps a route's handling after its guards. Filled
 * by declaration merging, so that the kernel names no transport's part.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled in by declaration merging
export interface InterceptorParts {}

/**
 * What a module is installed into. The application declares itself as it, so modules and the
 * kernel reach the application's public surface without the kernel importing the application.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled in by declaration merging
export interface ModuleHost {}
