import type { InterceptorDefinition } from '../../src/kernel';
import { DatabaseConnection } from './database-connection';

/** `Transactional()`: the call runs inside the module's `transaction()`. */
export const transactionalInterceptor: InterceptorDefinition = {
  kind: 'transactional',
  call(_options, site) {
    const connection = site.container.get(DatabaseConnection);
    return (call) => connection.transaction(call);
  },
};
