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
  inSingletonScope(): unknown;
  inTransientScope(): unknown;
}

/** The end of `container.bind(token)`: what the token resolves to. */
export interface BindingSyntax<T> {
  to(type: new (...args: any[]) => T): BindingScopeSyntax;
  toSelf(): BindingScopeSyntax;
  toConstantValue(value: T): unknown;
  toDynamicValue(
    factory: (context: { get<U>(token: ServiceToken<U>): U }) => T | Promise<T>,
  ): BindingScopeSyntax;
  toService(service: ServiceToken<T>): void;
}

/**
 * The Inversify container as Trellis's public types show it (`app.container`). Inversify's own
 * types resolve only under `moduleResolution` node16, nodenext or bundler, which a CommonJS
 * project on TypeScript 5 does not use, so they stay out of Trellis's declarations. At run time
 * it is Inversify's `Container`: cast to `import('inversify').Container` for the rest of its API.
 */
export interface AppContainer {
  get<T>(token: ServiceToken<T>): T;
  getAsync<T>(token: ServiceToken<T>): Promise<T>;
  getAll<T>(token: ServiceToken<T>): T[];
  isBound(token: ServiceToken): boolean;
  bind<T>(token: ServiceToken<T>): BindingSyntax<T>;
  rebind<T>(token: ServiceToken<T>): BindingSyntax<T>;
  unbind(token: ServiceToken): void;
}
