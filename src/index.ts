// The core's barrel, for the repository's own specs and modules. The public API is the explicit
// list in ../index.ts: a name meant for applications is added there (then npm run api:update).
import 'reflect-metadata';

export { Application } from './app/application';
export { createApp } from './app/create-app';
export type { InjectOptions, InjectResponse } from './app/inject';
export type { TrustProxy } from './app/trust-proxy';
export { serve } from './cluster/serve';
export type { AppFactory, Served, ServedPrimary, ServedWorker, ServeOptions } from './cluster/serve-options';
export * from './contract';
export * from './decorators';
export type { Engine, EngineName, Middleware, RequestPolicy } from './engine/engine';
export type { ErrorBodyCall, ErrorBodyInput, ErrorBodyOptions } from './error-body/error-body-options';
export * from './graphql';
export type { GraphqlOptions } from './graphql/graphql-options';
export * from './health';
export {
  BadRequestException,
  type CodedError,
  type CodedErrorClass,
  ConflictException,
  compileValidator,
  createError,
  defaultErrorCode,
  type ErrorBase,
  ForbiddenException,
  GENERIC_ERROR_CODES,
  type GenericErrorCode,
  HTTP_STATUS,
  HTTPException,
  type HTTPExceptionOptions,
  InternalServerErrorException,
  isSchema,
  KERNEL_ERRORS,
  type KernelErrorCode,
  type MessageTemplate,
  MethodNotAllowedException,
  NotFoundException,
  PayloadTooLargeException,
  type ReferenceErrorBody,
  reasonPhrase,
  ServiceUnavailableException,
  TooManyRequestsException,
  TrellisError,
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
export type { ModuleOptionsMap } from './kernel/extension-points';
export type { GuardCheck, GuardDefinition, GuardSite } from './kernel/guards/guard-registry';
export type { Class, DependencyFunction, GuardDocs, GuardMetadata, Provider } from './kernel/metadata/types';
export { defineModule, type TrellisModule } from './kernel/modules/module-registry';
export type { MessageLanguage } from './kernel/options/messages-schema';
export { AppMetrics, type RedisStatusSource, UNMATCHED_ROUTE } from './metrics/app-metrics';
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
export type { OpenApiOptions } from './openapi/openapi-options';
export { loadOptional, MissingPackageError } from './optional';
export type { AppOptions } from './options/app-options';
export * from './pagination';
export * from './rate-limit';
export * from './redis';
export type { CompiledRoute } from './routing/compiled-route';
export type { RequestContext } from './routing/request-context';
export type { CorsOptions, OriginPredicate } from './security/cors-options';
export { noStore } from './security/no-store';
export type { SecurityHeadersOptions } from './security/security-headers';
export { type TraceAttributes, type TraceStep, Tracing } from './tracing/tracing';
export {
  type DeprecationOptions,
  VERSION_NEUTRAL,
  type VersioningOptions,
  type VersionValue,
} from './versioning/versioning-options';
export * from './websocket';
