import { CONTAINER_ERRORS } from '../../../container/container-errors';
import { errorFactory, TrellisError } from '../../../container/trellis-error';
import { type MissingPackage, missingPackages } from './missing-packages-message';

function listed(names: readonly string[]): string {
  return names.length === 0 ? '(none)' : names.map((name) => `'${name}'`).join(', ');
}

/**
 * Every configuration and start-up error Trellis raises: its code and its message template.
 * Each is documented in docs/errors.md. The container's own codes are defined beside it,
 * since the container depends on nothing above it.
 */
export const TRELLIS_ERRORS = {
  ...CONTAINER_ERRORS,
  TRELLIS_ERR_INVALID_OPTION: (path: string, problem: string) => `${path}: ${problem}`,
  TRELLIS_ERR_UNKNOWN_ENGINE: (name: string) => `Unknown engine '${name}': use 'express' or 'fastify'`,
  TRELLIS_ERR_UNKNOWN_MODULE: (name: string, known: readonly string[]) =>
    `Unknown module '${name}'; the defined modules are ${listed(known)}`,
  TRELLIS_ERR_UNKNOWN_GUARD_KIND: (kind: string, known: readonly string[]) =>
    `overrideGuard(): no installed module defines the guard kind '${kind}'; the defined kinds are ${listed(known)} ` +
    '(install the module that defines it first)',
  TRELLIS_ERR_MODULE_ALREADY_INSTALLED: (name: string) => `Module '${name}' is already installed`,
  TRELLIS_ERR_MODULE_NOT_INSTALLED: (decorator: string, where: string, module: string) =>
    `${decorator} on ${where} needs the '${module}' module: app.install('${module}', ...)`,
  TRELLIS_ERR_NO_AUTHENTICATOR: (option: string) =>
    `${option} needs an installed module whose guard authenticates callers (the auth module, for one)`,
  TRELLIS_ERR_AFTER_READY: (call: string) => `${call} must be called before ready()`,
  TRELLIS_ERR_ALREADY_LISTENING: () => 'listen() was already called',
  TRELLIS_ERR_MIGRATION_FAILED: (migration: string, problem: string) =>
    `database: the migration '${migration}' failed: ${problem}`,
  TRELLIS_ERR_MISSING_PACKAGE: (missing: readonly MissingPackage[]) => missingPackages(missing),
  TRELLIS_ERR_NOT_DECORATED: (target: string, decorator: string, role?: string) =>
    `${target} is not decorated with @${decorator}()${role ? ` but was given as a ${role}` : ''}`,
  TRELLIS_ERR_PARAM_DECORATOR_ON_CONSTRUCTOR: () =>
    'Trellis parameter decorators go on method parameters, not constructors',
  TRELLIS_ERR_PARAM_TRANSPORT: (where: string, kind: string, transport: string) =>
    `${where}: a '${kind}' parameter cannot be used over ${transport}`,
  TRELLIS_ERR_DUPLICATE_ROUTE: (method: string, path: string, route: string, first: string) =>
    `Duplicate route ${method} ${path}: ${route} and ${first}`,
  TRELLIS_ERR_UNSUPPORTED_ROUTE_PATH: (path: string) =>
    `Route path '${path}': optional segments and regular expressions are not supported`,
  TRELLIS_ERR_WILDCARD_NOT_LAST: (path: string) => `Route path '${path}': a wildcard must end the path`,
  TRELLIS_ERR_SCHEMA_REFUSES_STRINGS: (where: string, what: string, type: string, fix: string) =>
    `${where}: ${what} is validated as a ${type}, but it arrives as a string, so every request would ` +
    `be answered 422: use ${fix}`,
  TRELLIS_ERR_UNKNOWN_PATH_PARAM: (where: string, name: string, path: string) =>
    `${where}: Param('${name}') is not a parameter of the path '${path}'`,
  TRELLIS_ERR_CONTRACT_CONFLICT: (where: string, what: string) =>
    `${where} implements a contract route and also declares ${what}; the contract route says it already`,
  TRELLIS_ERR_CONTRACT_PREFIX: (where: string, prefix: string) =>
    `${where} implements a contract route, whose path is whole, in a controller with the prefix '${prefix}'`,
  TRELLIS_ERR_CONTRACT_FIELD: (where: string, decorator: string, part: string) =>
    `${where}: ${decorator} reads no field of the contract route's ${part}`,
  TRELLIS_ERR_SUCCESS_STATUS_TWICE: (where: string) =>
    `${where}: the success status is set twice, by HttpCode and by Returns({ status }); keep one`,
  TRELLIS_ERR_RETURNS_SCHEMA: (where: string, problem: string) =>
    `${where}: the Returns schema cannot be compiled: ${problem}`,
  TRELLIS_ERR_THROWS_NOT_HTTP_EXCEPTION: (where: string, name: string) =>
    `${where}: Throws(${name}) is no HTTPException constructible without arguments, so it has no status`,
  TRELLIS_ERR_DOCS_ROUTE_TAKEN: (where: string, method: string, path: string) =>
    `${where}: ${method} ${path} is where the OpenAPI docs are served; move the route or create the app with { openapi: false }`,
  TRELLIS_ERR_OPENAPI_SCHEMA_NAME_TAKEN: (name: string) =>
    `OpenAPI: two different schemas are named '${name}'; each shared schema needs its own meta id`,
  TRELLIS_ERR_DUPLICATE_GATEWAY: (path: string, first: string, second: string) =>
    `Duplicate WebSocket gateway ${path}: ${first} and ${second}`,
  TRELLIS_ERR_DUPLICATE_GATEWAY_HANDLER: (
    gateway: string,
    decorator: string,
    first: string,
    second: string,
  ) => `${gateway} has two ${decorator} handlers: ${first} and ${second}`,
  TRELLIS_ERR_GUARD_ON_DISCONNECT: (where: string, decorator: string) =>
    `${where}: guards cannot apply to ${decorator}; put them on the class or on OnConnect()`,
  TRELLIS_ERR_UNSUPPORTED_GATEWAY_PATH: (gateway: string, path: string) =>
    `${gateway}: a gateway path takes :params but no wildcard ('${path}')`,
  TRELLIS_ERR_DUPLICATE_UPGRADE_PATH: (path: string) => `Two WebSocket servers claim ${path}`,
  TRELLIS_ERR_GRAPHQL_NO_QUERY: () =>
    'GraphQL needs at least one @Query() method in the registered resolvers',
  TRELLIS_ERR_GRAPHQL_ARG_OUTSIDE_OPERATION: (where: string) =>
    `${where} has @Arg() or @Parent() parameters but declares no GraphQL field`,
  TRELLIS_ERR_GRAPHQL_PARENT_OUTSIDE_FIELD: (where: string) =>
    `${where}: @Parent() is only for @ResolveField() methods`,
  TRELLIS_ERR_GRAPHQL_UNUSED_RESOLVE_FIELD: (parents: string) =>
    `@ResolveField() on a parent schema that no result uses: ${parents}`,
  TRELLIS_ERR_GRAPHQL_DUPLICATE_FIELD: (field: string, owner: string, where: string) =>
    `${field} is declared twice: by ${owner} and by ${where}`,
  TRELLIS_ERR_GRAPHQL_PARENT_NOT_OBJECT: (where: string) =>
    `${where}: the parent of a field must be a zod object schema`,
  TRELLIS_ERR_GRAPHQL_DUPLICATE_RESOLVE_FIELD: (where: string, name: string) =>
    `${where}: the field '${name}' is resolved twice`,
  TRELLIS_ERR_GRAPHQL_ARG_SCHEMA: (label: string) => `${label} needs a zod schema`,
  TRELLIS_ERR_GRAPHQL_DUPLICATE_ARG: (label: string) => `${label} is declared twice`,
  TRELLIS_ERR_GRAPHQL_RETURNS_SCHEMA: (label: string) => `${label} needs the zod schema of what it returns`,
  TRELLIS_ERR_GRAPHQL_NO_TYPE: (path: string, what: string, direction?: 'input' | 'output') =>
    `${path}: ${what} has no GraphQL ${direction ? `${direction} ` : ''}type`,
  TRELLIS_ERR_GRAPHQL_TYPE_NAME_TAKEN: (name: string) =>
    `two different schemas are named '${name}' (or it is reserved): give one another id`,
  TRELLIS_ERR_UNKNOWN_ROLE: (role: string, known: string) =>
    `rbac: unknown role '${role}' (known roles: ${known})`,
  TRELLIS_ERR_UNKNOWN_PERMISSION: (permissions: string) =>
    `rbac: unknown permission ${permissions}; add it to the rbac permissions`,
};

/** A `TRELLIS_ERR_*` code. */
export type TrellisErrorCode = keyof typeof TRELLIS_ERRORS;

/** Builds the `TrellisError` of `code` from its message template's arguments. */
export const trellisError = errorFactory(TRELLIS_ERRORS);

/** `err` with `where` (`Class.method`) in front of its message, keeping its code. */
export function locatedError(err: unknown, where: string): Error {
  if (err instanceof TrellisError) return err.at(where);
  return new Error(`${where}: ${(err as Error).message}`, { cause: err });
}

export { TrellisError };
