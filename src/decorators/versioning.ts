import { metadataRegistry } from '../kernel';
import { API_VERSION, DEPRECATED } from '../routing';
import type { DeprecationOptions, VersionValue } from '../versioning/versioning-options';

/**
 * The API version (or versions, or `VERSION_NEUTRAL`) a route answers, over its controller's.
 * @example @Get('/tasks') @Version('2') listV2() { ... }
 */
export function Version(version: VersionValue): MethodDecorator {
  return (target, key) => {
    metadataRegistry.forMethod(target.constructor, key).set(API_VERSION, version);
  };
}

/**
 * Marks a route (or every route of a controller) as deprecated: its answers carry `Deprecation`
 * (RFC 9745, `@<unix seconds>`), `Sunset` (RFC 8594) and `Link: <...>; rel="successor-version"`.
 */
export function Deprecated(options: DeprecationOptions = {}): ClassDecorator & MethodDecorator {
  return ((target: object, key?: string | symbol) => {
    const meta =
      key === undefined
        ? metadataRegistry.forClass(target as Function)
        : metadataRegistry.forMethod((target as object).constructor, key);
    meta.set(DEPRECATED, options);
  }) as ClassDecorator & MethodDecorator;
}
