export { Container, inject as Inject } from 'inversify';
export { bindInjectable } from './bind-injectable';
export { RequestScope } from './request-scope';
export type { Scope } from './scope';
