export type { AppContainer, BindingScopeSyntax, BindingSyntax, ServiceToken } from './app-container';
export { bindInjectable } from './bind-injectable';
export { Container, Inject } from './inversify';
export { RequestScope } from './request-scope';
export type { Scope } from './scope';
