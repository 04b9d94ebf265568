import type { AppContainer } from './app-container';
import { containerError } from './container-errors';
import { isDeclared } from './declared-classes';
import { INVERSIFY_CLASS_METADATA } from './inversify';

interface ConstructorArgument {
  isFromTypescriptParamType?: boolean;
  /** 1: one value injected with `@Inject(token)` (Inversify's kind for a single injection). */
  kind?: number;
  optional?: boolean;
  value?: unknown;
}

const SINGLE_INJECTION = 1;

// Types TypeScript records for what has no class at run time: an interface, a type alias, a
// union or a primitive.
const VALUELESS = new Set<unknown>([
  Object,
  String,
  Number,
  Boolean,
  Symbol,
  BigInt,
  Array,
  Function,
  Promise,
]);

function constructorArguments(target: Function): (ConstructorArgument | undefined)[] {
  const metadata = Reflect.getOwnMetadata(INVERSIFY_CLASS_METADATA, target) as
    | { constructorArguments?: (ConstructorArgument | undefined)[] }
    | undefined;
  return metadata?.constructorArguments ?? [];
}

function injectedPositions(target: Function): Set<number> {
  const injected = new Set<number>();
  constructorArguments(target).forEach((argument, index) => {
    if (argument && !argument.isFromTypescriptParamType) injected.add(index);
  });
  return injected;
}

const tokenName = (token: symbol | string) => (typeof token === 'symbol' ? token.toString() : `'${token}'`);

// A symbol or a string given to `@Inject` that nothing binds: Inversify would only say "No
// bindings found" when the class is first resolved, without the class or the fix.
function assertTokensBound(container: AppContainer, target: Function): void {
  constructorArguments(target).forEach((argument, index) => {
    if (!argument || argument.isFromTypescriptParamType || argument.optional) return;
    if (argument.kind !== SINGLE_INJECTION) return;
    const token = argument.value;
    // A module's own token (`Database`, ...): missing, its module is, which the checks of the
    // module's decorators name better.
    if (typeof token === 'symbol' && Symbol.keyFor(token)?.startsWith('trellis.')) return;
    if ((typeof token === 'symbol' || typeof token === 'string') && !container.isBound(token))
      throw containerError('TRELLIS_ERR_UNBOUND_INJECTED_TOKEN', target.name, tokenName(token), index + 1);
  });
}

/**
 * Refuses, when its constructor parameters were never recorded, a class that needs some: the
 * decorators ran without `emitDecoratorMetadata` (or compiled without TypeScript's metadata).
 */
export function assertParametersRecorded(target: Function): void {
  if (target.length === 0 || Reflect.getOwnMetadata('design:paramtypes', target)) return;
  const injected = injectedPositions(target);
  if (injected.size >= target.length) return;
  throw containerError('TRELLIS_ERR_NO_DECORATOR_METADATA', target.name, target.length);
}

/**
 * Checks that the container can build `target`: each constructor parameter is injected with a
 * token, or typed with a class the framework declared or something already binds. Refuses, with
 * the position and the fix, what Inversify would only report as it first resolves the class.
 */
export function assertConstructible(container: AppContainer, target: Function): void {
  assertParametersRecorded(target);
  assertTokensBound(container, target);
  const types: unknown[] = Reflect.getOwnMetadata('design:paramtypes', target) ?? [];
  const injected = injectedPositions(target);
  types.forEach((type, index) => {
    if (injected.has(index)) return;
    const position = index + 1;
    if (type === undefined) throw containerError('TRELLIS_ERR_DEPENDENCY_UNDEFINED', target.name, position);
    if (VALUELESS.has(type))
      throw containerError('TRELLIS_ERR_DEPENDENCY_WITHOUT_VALUE', target.name, position);
    const dependency = type as new (...args: never[]) => unknown;
    if (!isDeclared(dependency) && !container.isBound(dependency))
      throw containerError('TRELLIS_ERR_UNBOUND_DEPENDENCY', target.name, position, dependency.name);
  });
}
