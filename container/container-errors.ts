import { errorFactory } from './trellis-error';

/** The container's configuration errors; part of the catalog in `src/kernel/errors/trellis-errors.ts`. */
export const CONTAINER_ERRORS = {
  TRELLIS_ERR_SCOPE_CAPTURE: (holder: string, target: string, via: string) =>
    `${holder} is a singleton but its constructor needs request-scoped ${target}${via}: ` +
    `make ${holder} request-scoped or take ${target} through Depends()`,
  TRELLIS_ERR_SCOPE_CONFLICT: (provider: string, scope: string, declared: string) =>
    `Depends(${provider}, '${scope}') conflicts with its declared scope '${declared}'`,
  TRELLIS_ERR_UNBOUND_TOKEN: (token: string) =>
    `Depends(${token}): nothing is bound to this token; bind it with app.container.bind() before ready()`,
  TRELLIS_ERR_UNBOUND_DEPENDENCY: (holder: string, position: number, dependency: string) =>
    `${holder}: constructor parameter ${position} needs ${dependency}, which nothing binds: ` +
    `add ${dependency} to \`providers\` or mark it \`Injectable()\``,
  TRELLIS_ERR_UNBOUND_INJECTED_TOKEN: (holder: string, token: string, position?: number) =>
    `${holder}: ${position === undefined ? 'a constructor parameter' : `constructor parameter ${position}`} ` +
    `is injected with @Inject(${token}), which nothing binds: ` +
    `bind it before ready(), app.container.bind(${token}).toConstantValue(value) or .to(Class)`,
  TRELLIS_ERR_DEPENDENCY_CYCLE: (path: string) =>
    `a cycle of constructor dependencies, ${path}: no instance can be built first; take one side ` +
    'through Depends() (resolved per call) or split the shared part into a class of its own',
  TRELLIS_ERR_DEPENDENCY_WITHOUT_VALUE: (holder: string, position: number) =>
    `${holder}: constructor parameter ${position} is typed with an interface, a type alias, a union or a ` +
    'primitive, and an interface type has no runtime value: inject it with a token (`@Inject(TOKEN)` on ' +
    'the parameter, and `app.container.bind(TOKEN).toConstantValue(...)` or `.to(Class)` before ready())',
  TRELLIS_ERR_DEPENDENCY_UNDEFINED: (holder: string, position: number) =>
    `${holder}: constructor parameter ${position} has a type that was still undefined when ${holder} ` +
    'was defined, usually a circular import: break the cycle, or inject it with a token (`@Inject(TOKEN)`)',
  TRELLIS_ERR_NO_DECORATOR_METADATA: (holder: string, count: number) =>
    `${holder}: its constructor takes ${count} parameter${count === 1 ? '' : 's'} but no decorator metadata ` +
    'was recorded: set "experimentalDecorators": true and "emitDecoratorMetadata": true in tsconfig.json ' +
    '(or inject each parameter with `@Inject(TOKEN)`)',
  TRELLIS_ERR_REQUEST_SCOPE_OUTSIDE_REQUEST: (target: string) =>
    `${target} is request-scoped but was resolved outside a request: inject it with Depends() ` +
    'or make the class that needs it request-scoped too',
};

/** Builds one of the container's errors. */
export const containerError = errorFactory(CONTAINER_ERRORS);
