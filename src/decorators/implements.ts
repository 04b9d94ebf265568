import type { ContractRoute, HandlerResult, ParametersMatch } from '../contract';
import { metadataRegistry } from '../kernel';
import { CONTRACT_ROUTE } from '../routing';

/**
 * Declares that the method serves a contract route: its method and path, the schemas that
 * validate its parameters, the serializer of its answer and its docs all come from the route.
 * The compiler checks the method's return type and its parameters (scalars, the body, a whole
 * query) against the route.
 * @example @Implements(api.getTask) get(@Param('id') id: string) { return this.tasks.get(id); }
 */
export function Implements<R extends ContractRoute>(route: R) {
  return <M extends (...args: any[]) => HandlerResult<R>>(
    target: object,
    key: string | symbol,
    _descriptor: TypedPropertyDescriptor<M> & ParametersMatch<R, Parameters<M>>,
  ): void => {
    metadataRegistry.forMethod(target.constructor, key).set(CONTRACT_ROUTE, route);
  };
}
