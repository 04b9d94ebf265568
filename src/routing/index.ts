export type { ResponseWriter } from '../http/response-writer';
export type { WrittenAnswer } from '../http/written-answer';
export { type AnswerListener, onAnswer } from './answer-listeners';
export { compileControllers } from './compile-controllers';
export type { CompiledRoute } from './compiled-route';
export { CONTROLLER_ROLE } from './controller-role';
export type { HttpMethod } from './http-method';
export { HTTP_READERS, type Reader, type ReaderTable } from './http-readers';
export { nodeResponseWriter } from './node-response-writer';
export type { RouteHook, RouteHookPart, RouteHookPhase, RouteSteps } from './route-hook';
export {
  compileRouteInterceptors,
  type RouteInterceptor,
  type RouteInterceptorSite,
} from './route-interceptor';
export {
  API_VERSION,
  CONTRACT_ROUTE,
  CONTROLLER,
  DEPRECATED,
  ERROR_BODY,
  HTTP_ROUTE,
  MEDIA_ANSWER,
  RETURNS,
  SUCCESS_STATUS,
  THROWS,
} from './route-metadata';
export { joinPaths, pathOfUrl, routeShape, toRouterPath } from './route-path';
export { RoutePipeline } from './route-pipeline';
export { checkRoutePrefix } from './route-prefix';
export { ROUTING_ERRORS, routingError } from './routing-errors';
export { type UnroutedAnswer, unroutedAnswer } from './unrouted-answer';
export { writeError } from './write-response';
