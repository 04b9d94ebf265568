import { CONTAINER_ERRORS } from '../../../container/container-errors';
import { type ErrorTemplates, errorFactory, TrellisError } from '../../../container/trellis-error';
import { createError } from './create-error';
import { type MissingPackage, missingPackages } from './missing-packages-message';

function listed(names: readonly string[]): string {
  return names.length === 0 ? '(none)' : names.map((name) => `'${name}'`).join(', ');
}

/**
 * The kernel's configuration and start-up errors: code and message template. Each transport and
 * module defines its own codes beside it the same way (`errorFactory`), and the public
 * `TRELLIS_ERRORS` gathers them all; each is documented in docs/errors.md. The container's own
 * codes are defined beside it, since the container depends on nothing above it.
 */
export const KERNEL_ERRORS = {
  ...CONTAINER_ERRORS,
  TRELLIS_ERR_INVALID_OPTION: (path: string, problem: string) => `${path}: ${problem}`,
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
  TRELLIS_ERR_HOOK_NAME_TAKEN: (name: string, phase: string) =>
    `Two pipeline hooks are named '${name}' (phase ${phase}): hooks order themselves by name, so each name is one hook's`,
  TRELLIS_ERR_HOOK_ORDER_CYCLE: (names: string) =>
    `The before/after of these pipeline hooks go round in a circle, so no order satisfies them: ${names}`,
  TRELLIS_ERR_ALREADY_LISTENING: () => 'listen() was already called',
  TRELLIS_ERR_NO_HTTP: (how: string) =>
    `This application has no HTTP transport: make it with ${how}, which installs the HTTP feature`,
  TRELLIS_ERR_MISSING_PACKAGE: (missing: readonly MissingPackage[]) => missingPackages(missing),
  TRELLIS_ERR_NOT_DECORATED: (target: string, decorator: string, role?: string) =>
    `${target} is not decorated with @${decorator}()${role ? ` but was given as a ${role}` : ''}`,
  TRELLIS_ERR_PARAM_DECORATOR_ON_CONSTRUCTOR: () =>
    'Trellis parameter decorators go on method parameters, not constructors',
  TRELLIS_ERR_PARAM_TRANSPORT: (where: string, kind: string, transport: string) =>
    `${where}: a '${kind}' parameter cannot be used over ${transport}`,
  TRELLIS_ERR_SCHEMA_REFUSES_STRINGS: (where: string, what: string, type: string, fix: string) =>
    `${where}: ${what} is validated as a ${type}, but it arrives as a string, so every request would ` +
    `be answered 422: use ${fix}`,
};

/** A code of the kernel's catalog. */
export type KernelErrorCode = keyof typeof KERNEL_ERRORS;

/** Builds the `TrellisError` of a kernel `code` from its message template's arguments. */
export const trellisError = errorFactory(KERNEL_ERRORS);

/** An `HTTPException` given a status no HTTP answer can have. */
export const InvalidHttpStatusError = createError(
  'TRELLIS_ERR_INVALID_HTTP_STATUS',
  (status: number) => `HTTPException status must be an HTTP status (100-599), got ${status}`,
  undefined,
  RangeError,
);

/** A library's uncoded error met while compiling a route, a field or an argument, located. */
export const CompileFailedError = createError(
  'TRELLIS_ERR_COMPILE_FAILED',
  (where: string, message: string) => `${where}: ${message}`,
);

/** `err` with `where` (`Class.method`) in front of its message, keeping its code (or giving one). */
export function locatedError(err: unknown, where: string): Error {
  if (err instanceof TrellisError) return err.at(where);
  const located = new CompileFailedError(where, (err as Error).message);
  located.cause = err;
  return located;
}

export { type ErrorTemplates, errorFactory, TrellisError };
