import { type Class, HTTPException } from '../kernel';
import { routingError } from './routing-errors';

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
      const error = routingError('TRELLIS_ERR_THROWS_NOT_HTTP_EXCEPTION', where, exception.name);
      error.cause = err;
      throw error;
    }
    if (!(instance instanceof HTTPException))
      throw routingError('TRELLIS_ERR_THROWS_NOT_HTTP_EXCEPTION', where, exception.name);
    found.push({ status: instance.statusCode, name: exception.name });
  }
  return found;
}
