import type { AppContainer } from './app-container';
import { containerError } from './container-errors';
import { isDeclared } from './declared-classes';
import { INVERSIFY_CLASS_METADATA } from './inversify';

interface ConstructorArgument {
  isFromTypescriptParamType?: boolean;
}

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

function injectedPositions(target: Function): Set<number> {
  const metadata = Reflect.getOwnMetadata(INVERSIFY_CLASS_METADATA, target) as
    | { constructorArguments?: (ConstructorArgument | undefined)[] }
    | undefined;
  const injected = new Set<number>();
  metadata?.constructorArguments?.forEach((argument, index) => {
    if (argument && !argument.isFromTypescriptParamType) injected.add(index);
  });
  return injected;
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
