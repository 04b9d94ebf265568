import { metadataRegistry } from '../kernel/metadata/registry';
import type { DeprecationOptions, VersionValue } from '../versioning/versioning-options';

/**
 * The API version (or versions, or `VERSION_NEUTRAL`) a route answers, over its controller's.
 * @example @Get('/tasks') @Version('2') listV2() { ... }
 */
export function Version(version: VersionValue): MethodDecorator {
  return (target, key) => {
    metadataRegistry.forMethod(target.constructor, key).version = version;
  };
}

/**
 * Marks a route (or every route of a controller) as deprecated: its answers carry `Deprecation`
 * (RFC 9745, `@<unix seconds>`), `Sunset` (RFC 8594) and `Link: <...>; rel="successor-version"`.
 */
export function Deprecated(options: DeprecationOptions = {}): ClassDecorator & MethodDecorator {
  return ((target: object, key?: string | symbol) => {
    if (key === undefined) metadataRegistry.forClass(target as never).deprecated = options;
    else metadataRegistry.forMethod((target as { constructor: never }).constructor, key).deprecated = options;
  }) as ClassDecorator & MethodDecorator;
}
