// The core's barrel, for the repository's own specs and modules. The public API is the explicit
// list in ../index.ts: a name meant for applications is added there (then npm run api:update).

import 'reflect-metadata';

export { Application } from './app/application';
export { createApp } from './app/create-app';
export { serve } from './cluster/serve';
export type { AppFactory, Served, ServedPrimary, ServedWorker, ServeOptions } from './cluster/serve-options';
export * from './contract';
export * from './decorators';
export type { Engine, EngineName, Middleware, RequestPolicy } from './engine/engine';
export type { ErrorBodyCall, ErrorBodyInput, ErrorBodyOptions } from './error-body/error-body-options';
export * from './graphql';
export * from './health';
export type { InjectOptions, InjectResponse } from './http/inject';
export type { RequestContext } from './http/request-context';
export {
  BadRequestException,
  type Class,
  type CodedError,
  type CodedErrorClass,
  ConflictException,
  compileValidator,
  createError,
  type DependencyFunction,
  defaultErrorCode,
  defineModule,
  type ErrorBase,
  ForbiddenException,
  GENERIC_ERROR_CODES,
  type GenericErrorCode,
  type GuardCheck,
  type GuardDefinition,
  type GuardDocs,
  type GuardMetadata,
  type GuardSite,
  HTTP_STATUS,
  HTTPException,
  type HTTPExceptionOptions,
  InternalServerErrorException,
  isSchema,
  KERNEL_ERRORS,
  type KernelErrorCode,
  type MessageLanguage,
  type MessageTemplate,
  MethodNotAllowedException,
  type ModuleOptionsMap,
  NotFoundException,
  PayloadTooLargeException,
  type Provider,
  type ReferenceErrorBody,
  reasonPhrase,
  ServiceUnavailableException,
  TooManyRequestsException,
  TrellisError,
  type TrellisModule,
  toHttpException,
  trellisError,
  UnauthorizedException,
  UnsupportedMediaTypeException,
  type Validated,
  type ValidationDetail,
  ValidationException,
  type Validator,
  validationDetails,
} from './kernel';
export { AppMetrics, type RedisStatusSource, UNMATCHED_ROUTE } from './metrics';
export type {
  AccessLogOptions,
  MetricsOptions,
  ObservabilityOptions,
  TracingOptions,
} from './observability/observability-options';
export { REQUEST_ID } from './observability/request-id-token';
export { requestLogger } from './observability/request-logger';
export { requestIdOf } from './observability/request-state';
export * from './openapi';
export { loadOptional, MissingPackageError } from './optional';
export type { AppOptions } from './options/app-options';
export type { TrustProxy } from './options/trust-proxy';
export * from './pagination';
export * from './rate-limit';
export * from './redis';
export type { CompiledRoute } from './routing';
export { type CorsOptions, noStore, type OriginPredicate, type SecurityHeadersOptions } from './security';
export { type TraceAttributes, type TraceStep, Tracing } from './tracing';
export {
  type DeprecationOptions,
  VERSION_NEUTRAL,
  type VersioningOptions,
  type VersionValue,
} from './versioning/versioning-options';
export * from './websocket';
