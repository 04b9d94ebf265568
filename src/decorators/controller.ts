import { metadataRegistry } from '../kernel/metadata/registry';
import type { VersionValue } from '../versioning/versioning-options';
import { markInjectable } from './mark-injectable';

/** What `Controller()` takes besides a bare prefix. */
export interface ControllerOptions {
  path?: string;
  /** The API version(s) of its routes, or `VERSION_NEUTRAL` (with the app's `versioning`). */
  version?: VersionValue;
}

/**
 * Declares an HTTP controller whose routes live under `prefix`.
 * @example @Controller('/users') class UsersController { @Get('/:id') one(@Param('id') id: string) {} }
 */
export function Controller(prefixOrOptions: string | ControllerOptions = ''): ClassDecorator {
  const options = typeof prefixOrOptions === 'string' ? { path: prefixOrOptions } : prefixOrOptions;
  return (target) => {
    const meta = metadataRegistry.forClass(target);
    meta.role = 'controller';
    meta.path = options.path ?? '';
    meta.version = options.version;
    markInjectable(target);
  };
}
