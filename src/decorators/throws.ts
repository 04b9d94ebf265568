import { type Class, metadataRegistry } from '../kernel';
import { THROWS } from '../routing';

/**
 * Declares the exceptions a handler may answer with (`ConflictException`, a subclass of
 * `HTTPException`), so the docs list their statuses; what Trellis raises itself (guards,
 * validation, bodies, rate limits, path parameters) is documented without it.
 * @example @Post() @Throws(ConflictException) register(@Body(RegisterSchema) body: Register) {}
 */
export function Throws(...exceptions: Class<Error>[]): MethodDecorator {
  return (target, key) => {
    const method = metadataRegistry.forMethod(target.constructor, key);
    method.set(THROWS, [...(method.get(THROWS) ?? []), ...exceptions]);
  };
}
