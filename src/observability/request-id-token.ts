import type { AppContainer as Container } from '../../container/app-container';
import { activeRequestScope } from '../../container/request-scope';
import type { RequestContext } from '../http/request-context';
import { RequestIdOutsideRequestError } from './observability-errors';
import { requestIdOf } from './request-state';

/**
 * The container token of the current request's id, for request-scoped classes:
 * `constructor(@Inject(REQUEST_ID) private readonly requestId: string)`.
 */
export const REQUEST_ID = Symbol.for('trellis.REQUEST_ID');

/** Binds `REQUEST_ID`, resolved afresh in each request's scope. */
export function bindRequestId(container: Container): void {
  container
    .bind(REQUEST_ID)
    .toDynamicValue(() => {
      const owner = activeRequestScope()?.owner as RequestContext | undefined;
      if (!owner) throw new RequestIdOutsideRequestError();
      return requestIdOf(owner);
    })
    .inTransientScope();
}
