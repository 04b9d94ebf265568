/** A plain function dependency, called per request with the request context. */
export type DependencyFunction<T = unknown> = (ctx: any) => T | Promise<T>;

/** What `Depends` accepts: a class, a container token or a plain function. */
export type Provider = (new (...args: any[]) => unknown) | symbol | string | DependencyFunction;
