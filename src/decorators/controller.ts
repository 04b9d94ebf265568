import { metadataRegistry } from '../kernel';
import { API_VERSION, CONTROLLER, CONTROLLER_ROLE } from '../routing';
import type { VersionValue } from '../versioning/versioning-options';
import { markInjectable } from './mark-injectable';

/** What `Controller()` takes besides a bare prefix. */
export interface ControllerOptions {
  path?: string;
  /** The API version(s) of its routes, or `VERSION_NEUTRAL` (with the app's `versioning`). */
  version?: VersionValue;
  /**
   * `false`: the app's `prefix` option does not apply, so its routes stay where a load balancer
   * or probe expects them (`@Controller({ path: '/health', prefix: false })`). Default `true`.
   */
  prefix?: boolean;
}

/**
 * Declares an HTTP controller whose routes live under `prefix`.
 * @example @Controller('/users') class UsersController { @Get('/:id') one(@Param('id') id: string) {} }
 */
export function Controller(prefixOrOptions: string | ControllerOptions = ''): ClassDecorator {
  const options = typeof prefixOrOptions === 'string' ? { path: prefixOrOptions } : prefixOrOptions;
  return (target) => {
    const meta = metadataRegistry.forClass(target);
    meta.role = CONTROLLER_ROLE.name;
    meta.set(CONTROLLER, { path: options.path ?? '', ...(options.prefix === false && { unprefixed: true }) });
    if (options.version !== undefined) meta.set(API_VERSION, options.version);
    markInjectable(target);
  };
}
