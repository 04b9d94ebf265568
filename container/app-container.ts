/** What a binding is found by: a class (abstract or not), a symbol or a string. */
export type ServiceToken<T = unknown> =
  | string
  | symbol
  | (new (
      ...args: any[]
    ) => T)
  | (abstract new (
      ...args: any[]
    ) => T);

/** How long what a binding builds lives (Inversify's scopes; Trellis's own are given to `Injectable`). */
export interface BindingScopeSyntax {
  /** One instance for the container. */
  inSingletonScope(): unknown;
  /** A new instance for every resolution. */
  inTransientScope(): unknown;
}

/** The end of `container.bind(token)`: what the token resolves to. */
export interface BindingSyntax<T> {
  /** Binds to a class the container builds. */
  to(type: new (...args: any[]) => T): BindingScopeSyntax;
  /** Binds a class token to the class itself. */
  toSelf(): BindingScopeSyntax;
  /** Binds to a value as it is. */
  toConstantValue(value: T): unknown;
  /** Binds to what `factory` returns, called on resolution. */
  toDynamicValue(
    factory: (context: { get<U>(token: ServiceToken<U>): U }) => T | Promise<T>,
  ): BindingScopeSyntax;
  /** Resolves as another token does. */
  toService(service: ServiceToken<T>): void;
}

/**
 * The Inversify container as Trellis's public types show it (`app.container`). Inversify's own
 * types resolve only under `moduleResolution` node16, nodenext or bundler, which a CommonJS
 * project on TypeScript 5 does not use, so they stay out of Trellis's declarations. At run time
 * it is Inversify's `Container`: cast to `import('inversify').Container` for the rest of its API.
 */
export interface AppContainer {
  /** The value bound to `token`; throws when nothing is bound. */
  get<T>(token: ServiceToken<T>): T;
  /** The value bound to `token`, waiting for an asynchronous factory. */
  getAsync<T>(token: ServiceToken<T>): Promise<T>;
  /** Every value bound to `token`. */
  getAll<T>(token: ServiceToken<T>): T[];
  /** Whether anything is bound to `token`. */
  isBound(token: ServiceToken): boolean;
  /** Starts a binding of `token`: `.to(Class)`, `.toConstantValue(value)`, `.toDynamicValue(factory)`, ... */
  bind<T>(token: ServiceToken<T>): BindingSyntax<T>;
  /** Replaces what `token` is bound to. */
  rebind<T>(token: ServiceToken<T>): BindingSyntax<T>;
  /** Removes what `token` is bound to. */
  unbind(token: ServiceToken): void;
}
