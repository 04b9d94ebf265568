// The public API of Trellis, name by name and grouped by topic: what an application, a module
// or a test may use. Internals stay importable by path inside this repository only. Every change
// here shows in api/trellis.api.md (npm run api:update), which CI checks (npm run api:check).
import 'reflect-metadata';
import { DATABASE_ERRORS } from './modules/database/database-errors';
import { RBAC_ERRORS } from './modules/rbac/rbac-errors';
import { JOBS_ERRORS } from './src/jobs';
import { DEVTOOLS_ERRORS } from './src/devtools/devtools-errors';
import { CLUSTER_ERRORS } from './src/cluster/cluster-errors';
import { ENGINE_ERRORS } from './src/engine/engine-errors';
import { GRAPHQL_ERRORS } from './src/graphql';
import { KERNEL_ERRORS } from './src/kernel';
import { OPENAPI_ERRORS } from './src/openapi';
import { ROUTING_ERRORS } from './src/routing';
import { WEBSOCKET_ERRORS } from './src/websocket';

// Application: createApp, its options and lifecycle, modules
export type { GraphqlOptions, GraphqlSubscriptionOptions } from './src/graphql';
export type { OpenApiOptions, OpenApiServer } from './src/openapi';
export type { AppOptions } from './src/options/app-options';
export type { MessageLanguage } from './src/kernel';
export { Application } from './src/app/application';
export { createApp } from './src/app/create-app';
export type { InjectOptions, InjectResponse } from './src/http/inject';
export type {
  ContextVariableMap,
  GuardKindMap,
  ModuleHost,
  ModuleOptionsMap,
} from './src/kernel';
export type { JobPayloadMap } from './src/jobs';
export { defineModule, type TrellisModule } from './src/kernel';
export type { TrustProxy } from './src/options/trust-proxy';
export { serve } from './src/cluster/serve';
export type {
  AppFactory,
  Served,
  ServedPrimary,
  ServedWorker,
  ServeOptions,
} from './src/cluster/serve-options';

// Inspecting an application: app.inspect(), and the parts features contribute to it
export type {
  AppDescription,
  DescriptionParts,
  GatewayDescription,
  GraphProblem,
  JobDescription,
  NodeScope,
  ProviderDescription,
  ReadyFailure,
  ResolverDescription,
  RouteDescription,
} from './src/inspect/app-description';
export type { InspectionParts } from './src/inspect/inspection-parts';
export type { DevtoolsOptions } from './src/devtools/devtools-options';

// HTTP engines and middleware
export type {
  Engine,
  EngineName,
  HandlerMethod,
  HandlerMount,
  Middleware,
  NodeHandler,
  RequestPolicy,
} from './src/engine/engine';

// Decorators: controllers, routes, parameters, docs, gateways, resolvers; `recordGuard` for a
// module's guard decorator (the built-in ones are with their modules below)
export { Controller, type ControllerOptions } from './src/decorators';
export { Description, Summary } from './src/decorators';
export { ErrorBody } from './src/decorators';
export { Mutation, Parent, ResolveField, Resolver, Subscription } from './src/decorators';
export { HttpCode } from './src/decorators';
export { All, Delete, Get, Patch, Post, Put } from './src/decorators';
export { Injectable } from './src/decorators';
export {
  Arg,
  Body,
  Cookie,
  CurrentUser,
  Depends,
  Header,
  Param,
  Req,
  RequestId,
  Res,
  ResponseHeaders,
  recordParam,
  Var,
} from './src/decorators';
export { Query } from './src/decorators';
export { recordGuard } from './src/kernel';
export { Returns, type ReturnsOptions } from './src/decorators';
export { Throws } from './src/decorators';
export {
  OnConnect,
  OnDisconnect,
  OnMessage,
  WebSocket,
  type WebSocketGatewayOptions,
} from './src/decorators';

// Contracts: routes as values, implemented by controllers and called by trellis/client
export {
  type ContractMethod,
  type ContractResponses,
  type ContractRoute,
  type ContractRoutes,
  contract,
} from './src/contract';
export type {
  ContractController,
  ContractRequest,
  ContractResponse,
  HandlerResult,
  MaybePromise,
  ParametersMatch,
} from './src/contract';
export { ErrorBodySchema, ValidationErrorBodySchema } from './src/contract';
export { Implements } from './src/decorators';
export { Deprecated, Version } from './src/decorators';
export {
  type DeprecationOptions,
  VERSION_NEUTRAL,
  type VersioningOptions,
  type VersionValue,
} from './src/versioning/versioning-options';

// Dependency injection: the container, scopes, providers
export type {
  AppContainer,
  BindingScopeSyntax,
  BindingSyntax,
  ServiceToken,
} from './container/app-container';
export { Container, Inject } from './container/inversify';
export type { DependencyFunction, Provider } from './container/provider';
export { RequestScope } from './container/request-scope';
export type { Scope } from './container/scope';
export type { ClassRole } from './src/kernel';
export type { Class } from './src/kernel';
export type { HttpMethod } from './src/routing';
export type { OriginAllowList } from './src/websocket';

// Requests and routes as handlers and guards see them
export type {
  GuardCheck,
  GuardDefinition,
  GuardKind,
  GuardRegistry,
  GuardSite,
} from './src/kernel';
export { type AnswerListener, onAnswer } from './src/routing';
export type { WrittenAnswer } from './src/routing';
export type {
  CallWrapper,
  InterceptedSite,
  InterceptorDefinition,
  InterceptorMetadata,
  InterceptorParts,
  InterceptorRegistry,
} from './src/kernel';
export type { RouteInterceptor, RouteInterceptorSite } from './src/routing';
export { recordInterceptor } from './src/kernel';
export type { GuardDocs, GuardMetadata, ParamMetadata } from './src/kernel';
export type { CompiledRoute } from './src/routing';
export type { ResponseWriter } from './src/routing';
export type { Reader, ReaderTable } from './src/routing';
export type { RouteHook, RouteHookPart, RouteHookPhase, RoutePipeline, RouteSteps } from './src/routing';
export { PHASES, type Phase, type HookSite, type PipelineHook } from './src/kernel';
export type { CallContext, CallHeaders, ContextVariable, LiveSession } from './src/kernel';
export type { RequestContext } from './src/http/request-context';
export type { AuthenticatedUser, ConnectionSession } from './modules/auth/caller';

// Errors: HTTP exceptions answered to clients; coded configuration errors
export { TrellisError } from './container/trellis-error';
export { HTTP_STATUS } from './src/kernel';
export { GENERIC_ERROR_CODES, type GenericErrorCode } from './src/kernel';
export {
  BadRequestException,
  UnauthorizedException,
  ForbiddenException,
  NotFoundException,
  MethodNotAllowedException,
  ConflictException,
  PayloadTooLargeException,
  UnsupportedMediaTypeException,
  ValidationException,
  TooManyRequestsException,
  InternalServerErrorException,
  ServiceUnavailableException,
} from './src/kernel';
export type { ErrorBodies } from './src/error-body/error-bodies';
export type {
  ErrorBodyCall,
  ErrorBodyInput,
  ErrorBodyOptions,
} from './src/error-body/error-body-options';
export type { ErrorBodyWriter, ErrorCallSource } from './src/error-body/error-body-writer';
export {
  HTTPException,
  type ReferenceErrorBody,
  type HTTPExceptionOptions,
  type ValidationDetail,
} from './src/kernel';
/**
 * Every configuration and start-up error of Trellis, gathered from the kernel, each transport and
 * each built-in module, which define their own: code and message template (docs/errors.md).
 */
export const TRELLIS_ERRORS = {
  ...KERNEL_ERRORS,
  ...ENGINE_ERRORS,
  ...CLUSTER_ERRORS,
  ...ROUTING_ERRORS,
  ...OPENAPI_ERRORS,
  ...WEBSOCKET_ERRORS,
  ...GRAPHQL_ERRORS,
  ...RBAC_ERRORS,
  ...DATABASE_ERRORS,
  ...JOBS_ERRORS,
  ...DEVTOOLS_ERRORS,
};
/** A `TRELLIS_ERR_*` code of {@link TRELLIS_ERRORS}. */
export type TrellisErrorCode = keyof typeof TRELLIS_ERRORS;
export {
  type CodedError,
  type CodedErrorClass,
  createError,
  type ErrorBase,
  type MessageTemplate,
} from './src/kernel';
export type { MissingPackage } from './src/kernel';
export { MissingPackageError } from './src/optional';
export { MissingPackages } from './src/optional';

// Optional peer dependencies
export { loadOptional } from './src/optional';

// Security: CORS and response headers
export type { CorsOptions, OriginPredicate } from './src/security';
export { noStore } from './src/security';
export type { SecurityHeadersOptions } from './src/security';

// Pagination: offset, cursor and keyset
export {
  type CursorFields,
  type CursorValue,
  createMultiCursor,
  decodeMultiCursor,
} from './src/pagination';
export {
  type CursorPaginatedResult,
  type CursorPaginationMeta,
  createCursorPaginatedResult,
} from './src/pagination';
export { CursorPaginationHelper } from './src/pagination';
export { setCursorSigningKey } from './src/pagination';
export { compareKeys, type KeysetOrder } from './src/pagination';
export { keysetPage } from './src/pagination';
export { type KeysetPlan, keysetQuery } from './src/pagination';
export { type PaginatedResult, type PaginationMeta, paginate } from './src/pagination';
export { PaginationHelper } from './src/pagination';
export {
  type CursorDirection,
  type CursorQuery,
  parseCursorQuery,
} from './src/pagination';
export { type PaginationQuery, parsePaginationQuery } from './src/pagination';

// Observability: request ids, access logs, metrics, traces, health
export { type HealthCheck, HealthChecks, type ReadinessReport } from './src/health';
export { redisHealthCheck } from './src/health';
export { AppMetrics, type RedisStatusSource, UNMATCHED_ROUTE } from './src/metrics';
export type {
  AccessLogOptions,
  MetricsOptions,
  ObservabilityOptions,
  TracingOptions,
} from './src/observability/observability-options';
export { REQUEST_ID } from './src/observability/request-id-token';
export { requestLogger } from './src/observability/request-logger';
export type { AnswerWatcher } from './src/observability/request-observer';
export { type RequestState, requestIdOf } from './src/observability/request-state';
export { type TraceAttributes, type TraceStep, Tracing } from './src/tracing';

// Rate limiting
export { type AttemptLimit, type AttemptLimitOptions, attemptLimit } from './src/rate-limit';
export { clientAddress, type RateLimitRequest } from './src/rate-limit';
export { type RateLimiter, rateLimit } from './src/rate-limit';
export type {
  RateLimitKeyGenerator,
  RateLimitLogger,
  RateLimitOptions,
  RateLimitStore,
} from './src/rate-limit';
export {
  type RedisRateLimitStoreOptions,
  redisRateLimitStore,
} from './src/rate-limit';

// Redis
export { closeRedisClient } from './src/redis';
export { createRedisClient } from './src/redis';
export type { RedisClient } from './src/redis';
export type { RedisClientOptions } from './src/redis';
export { withRedis } from './src/redis';

// OpenAPI
export { buildOpenApiDocument } from './src/openapi';
export type {
  JsonSchema,
  OpenApiDocument,
  OperationObject,
  ParameterObject,
  PathItemObject,
  RequestBodyObject,
  ResponseObject,
  SecuritySchemeObject,
  TagObject,
} from './src/openapi';
export { DOCS_PATH, OPENAPI_PATH } from './src/openapi';

// WebSocket gateways and broadcasting
export {
  BROADCASTER,
  type BroadcastEnvelope,
  type Broadcaster,
  type BroadcastListener,
  type Unsubscribe,
} from './src/websocket';
export { CLOSE_CODES } from './src/websocket';
export { LocalBroadcaster } from './src/websocket';
export type { WebSocketErrorMessage } from './src/websocket';
export { RedisBroadcaster, type RedisBroadcasterOptions } from './src/websocket';
export {
  BroadcastSessionRevocations,
  type RevocationListener,
  SESSION_REVOCATIONS,
  type SessionRevocation,
  type SessionRevocations,
} from './src/websocket';
export { SESSION_CLOSE_REASONS } from './src/websocket';
export type { BroadcastOptions, WebSocketConnection } from './src/websocket';
export type { WebSocketOptions } from './src/websocket';

// GraphQL
export { DateTimeScalar } from './src/graphql';
export { DEFAULT_GRAPHQL_LIMITS, type GraphqlLimits } from './src/graphql';
export { SubscriptionPublisher } from './src/graphql';

// The auth module: JWT login, refresh, logout, token stores, the Auth() guard and its texts
export { Auth, type AuthGuardOptions } from './modules/auth/auth-decorator';
export { AUTH_MESSAGES, AUTH_MESSAGES_EN, type AuthMessages } from './modules/auth/auth-messages';
export { authModule } from './modules/auth/auth-module';
export type {
  AuthOptions,
  DeviceCookieOptions,
  JwtAlgorithm,
  JwtOptions,
  UserProvider,
  UserRecord,
} from './modules/auth/auth-options';
export { type AuthenticateOptions, AuthService } from './modules/auth/auth-service';
export { CurrentToken } from './modules/auth/current-token';
export type { KnownDevice } from './modules/auth/device-cookie';
export type { AuthSettings } from './modules/auth/auth-settings';
export { AUTH_SETTINGS, USER_PROVIDER } from './modules/auth/auth-tokens';
export { AccountBusyException } from './modules/auth/account-limit';
export { ConcurrencyLimit, QueueFullException } from './modules/auth/concurrency-limit';
export type { ExpiringMapOptions } from './modules/auth/expiring-map';
export { InMemoryTokenDenyList } from './modules/auth/in-memory-token-deny-list';
export { InMemoryTokenStore } from './modules/auth/in-memory-token-store';
export { passwordSchema } from './modules/auth/password-schema';
export {
  purgeExpiredSessions,
  type SessionPurgeOptions,
} from './modules/auth/database/purge-expired-sessions';
export type { AuthRoutesOptions, LoginLimitOptions } from './modules/auth/routes/auth-routes-options';
export { type LoginAttempts, loginAttempts } from './modules/auth/routes/login-attempts';
export { DEFAULT_AUTH_PREFIX, type RedisAuthOptions } from './modules/auth/redis/redis-auth-options';
export {
  RedisTokenDenyList,
  type RedisTokenDenyListOptions,
} from './modules/auth/redis/redis-token-deny-list';
export { RedisTokenStore } from './modules/auth/redis/redis-token-store';
export type { LoginResult, TokenClaims, TokenPair, TokenType } from './modules/auth/token-claims';
export { TokenDenyList } from './modules/auth/token-deny-list';
export { type NewSession, type RotationOutcome, TokenStore } from './modules/auth/token-store';

// The rbac module: roles, permissions, the MinimumRole() and Permissions() guards and their texts
export { MinimumRole } from './modules/rbac/minimum-role-decorator';
export { Permissions } from './modules/rbac/permissions-decorator';
export { RBAC_ERROR_CODES, type RbacErrorCode } from './modules/rbac/rbac-error-codes';
export { RBAC_MESSAGES, RBAC_MESSAGES_EN, type RbacMessages } from './modules/rbac/rbac-messages';
export { rbacModule } from './modules/rbac/rbac-module';
export type { RbacOptions, Role } from './modules/rbac/rbac-options';
export { RbacService } from './modules/rbac/rbac-service';

// The reference application's data: its roles and permissions
export { REFERENCE_PERMISSIONS } from './modules/reference/reference-permissions';
export { REFERENCE_ROLES } from './modules/reference/reference-roles';

// The database module: Kysely on SQLite or PostgreSQL, migrations, transactions, idempotency keys
export {
  Database,
  DatabaseFeedStore,
  type DatabaseFeedStoreOptions,
  DatabaseIdempotencyStore,
  type DatabaseMigrations,
  type DatabaseOptions,
  databaseModule,
  type IdempotencyClaim,
  IdempotencyStore,
  Idempotent,
  type IdempotentOptions,
  MAX_BROADCAST_BYTES,
  MAX_NOTIFY_BYTES,
  PostgresBroadcaster,
  type PostgresBroadcasterOptions,
  type PurgeOptions,
  type SqliteDriver,
  purgeExpiredIdempotencyKeys,
  RedisIdempotencyStore,
  type RedisIdempotencyStoreOptions,
  type StoredAnswer,
  Transactional,
} from './modules/database';
// Jobs and schedules: Job() and Cron() methods, Jobs to enqueue, on SQLite or graphile-worker
export { describeJobs, type JobsOptions, jobsModule } from './modules/jobs';
export { Cron, type CronOptions, Job, type JobOptions } from './src/jobs';
export type { JobContext } from './src/jobs';
export type { CompiledJobDescription } from './src/jobs';
export { InvalidEnqueueOptionsError, InvalidJobPayloadError, UnknownJobError } from './src/jobs';
export { type EnqueueOptions, type JobInfo, type JobPayload, Jobs } from './src/jobs';
// Streams: server-sent events, resumable event feeds, uploads and downloads
export { LastEventId, Sse } from './src/sse/sse-decorators';
export { EventChannel } from './src/sse/event-channel';
export {
  EventFeed,
  type EventFeedOptions,
  FEED_RESET_EVENT,
  type FeedEvent,
  type FeedReset,
  type FeedResetReason,
  type FeedSpan,
  type FeedStore,
  MemoryFeedStore,
  RedisFeedStore,
  type RedisFeedStoreOptions,
  type StoredEvent,
} from './src/event-feed';
export { Produces } from './src/downloads/produces-decorator';
export { StreamableFile, type StreamableFileOptions } from './src/downloads/streamable-file';
export { FormFields, UploadedFile, UploadedFiles } from './src/uploads';
export type {
  UploadInfo,
  UploadManyOptions,
  UploadModuleOptions,
  UploadOptions,
  UploadSink,
} from './src/uploads';
export type { SseEvent } from './src/sse/sse-event';
export type { SseOptions } from './src/sse/sse-options';

// MCP: install('mcp') serves routes marked Tool() and the providers' Tool(), Resource() and Prompt() methods
export { mcpModule } from './modules/mcp';
export type { McpEntryDescription } from './src/inspect/app-description';
export { McpCall, type McpLogLevel } from './src/mcp';
export type { McpOptions } from './src/mcp';
export { Prompt } from './src/mcp';
export type { PromptOptions } from './src/mcp';
export { Resource } from './src/mcp';
export type { ResourceOptions } from './src/mcp';
export { Tool } from './src/mcp';
export type { ToolAnnotations, ToolOptions } from './src/mcp';
