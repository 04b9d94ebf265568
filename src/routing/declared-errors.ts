import { HTTPException } from '../errors/http-exception';
import type { Class } from '../metadata/types';

/** One error answer a route declared with `Throws`. */
export interface DeclaredError {
  status: number;
  /** The exception class, e.g. `ConflictException`. */
  name: string;
}

/**
 * Reads the statuses of the exceptions given to `Throws`, once at `ready()`: each class is
 * constructed without arguments, and one that is no `HTTPException` (or cannot be built so)
 * fails here, naming the route.
 */
export function declaredErrors(
  exceptions: readonly Class<Error>[] | undefined,
  where: string,
): DeclaredError[] {
  const found: DeclaredError[] = [];
  for (const exception of exceptions ?? []) {
    let instance: unknown;
    try {
      instance = new exception();
    } catch (err) {
      throw new Error(`${where}: Throws(${exception.name}) cannot be constructed without arguments`, {
        cause: err,
      });
    }
    if (!(instance instanceof HTTPException))
      throw new Error(`${where}: Throws(${exception.name}) is no HTTPException, so it has no status`);
    found.push({ status: instance.statusCode, name: exception.name });
  }
  return found;
}
