import { metadataRegistry } from '../metadata/registry';
import { markInjectable } from './mark-injectable';

/**
 * Declares an HTTP controller whose routes live under `prefix`.
 * @example @Controller('/users') class UsersController { @Get('/:id') one(@Param('id') id: string) {} }
 */
export function Controller(prefix = ''): ClassDecorator {
  return (target) => {
    const meta = metadataRegistry.forClass(target);
    meta.role = 'controller';
    meta.path = prefix;
    markInjectable(target);
  };
}
