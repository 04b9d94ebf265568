// The public API of Trellis, name by name and grouped by topic: what an application, a module
// or a test may use. Internals stay importable by path inside this repository only. Every change
// here shows in api/trellis.api.md (npm run api:update), which CI checks (npm run api:check).
import 'reflect-metadata';
import { DATABASE_ERRORS } from './modules/database/database-errors';
import { RBAC_ERRORS } from './modules/rbac/rbac-errors';
import { JOBS_ERRORS } from './src/jobs/jobs-errors';
import { DEVTOOLS_ERRORS } from './src/devtools/devtools-errors';
import { CLUSTER_ERRORS } from './src/cluster/cluster-errors';
import { ENGINE_ERRORS } from './src/engine/engine-errors';
import { GRAPHQL_ERRORS } from './src/graphql/graphql-errors';
import { KERNEL_ERRORS } from './src/kernel/errors/trellis-errors';
import { OPENAPI_ERRORS } from './src/openapi/openapi-errors';
import { ROUTING_ERRORS } from './src/routing/routing-errors';
import { WEBSOCKET_ERRORS } from './src/websocket/websocket-errors';

// Application: createApp, its options and lifecycle, modules
export type { GraphqlOptions, GraphqlSubscriptionOptions } from './src/graphql/graphql-options';
export type { OpenApiOptions, OpenApiServer } from './src/openapi/openapi-options';
export type { AppOptions } from './src/options/app-options';
export type { MessageLanguage } from './src/kernel/options/messages-schema';
export { Application } from './src/app/application';
export { createApp } from './src/app/create-app';
export type { InjectOptions, InjectResponse } from './src/app/inject';
export type {
  ContextVariableMap,
  GuardKindMap,
  ModuleHost,
  ModuleOptionsMap,
} from './src/kernel/extension-points';
export type { JobPayloadMap } from './src/jobs/job-payload-map';
export { defineModule, type TrellisModule } from './src/kernel/modules/module-registry';
export type { TrustProxy } from './src/app/trust-proxy';
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
export { Controller, type ControllerOptions } from './src/decorators/controller';
export { Description, Summary } from './src/decorators/docs';
export { ErrorBody } from './src/decorators/error-body';
export { Mutation, Parent, ResolveField, Resolver, Subscription } from './src/decorators/graphql';
export { HttpCode } from './src/decorators/http-code';
export { All, Delete, Get, Patch, Post, Put } from './src/decorators/http-methods';
export { Injectable } from './src/decorators/injectable';
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
} from './src/decorators/params';
export { Query } from './src/decorators/query';
export { recordGuard } from './src/kernel/guards/record-guard';
export { Returns, type ReturnsOptions } from './src/decorators/returns';
export { Throws } from './src/decorators/throws';
export {
  OnConnect,
  OnDisconnect,
  OnMessage,
  WebSocket,
  type WebSocketGatewayOptions,
} from './src/decorators/websocket';

// Contracts: routes as values, implemented by controllers and called by trellis/client
export {
  type ContractMethod,
  type ContractResponses,
  type ContractRoute,
  type ContractRoutes,
  contract,
} from './src/contract/contract-route';
export type {
  ContractController,
  ContractRequest,
  ContractResponse,
  HandlerResult,
  MaybePromise,
  ParametersMatch,
} from './src/contract/contract-types';
export { ErrorBodySchema, ValidationErrorBodySchema } from './src/contract/error-body-schema';
export { Implements } from './src/decorators/implements';
export { Deprecated, Version } from './src/decorators/versioning';
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
export type { ClassRole } from './src/kernel/metadata/class-role';
export type { Class } from './src/kernel/metadata/types';
export type { HttpMethod } from './src/routing/http-method';
export type { OriginAllowList } from './src/websocket/origin-allow-list';

// Requests and routes as handlers and guards see them
export type {
  GuardCheck,
  GuardDefinition,
  GuardKind,
  GuardRegistry,
  GuardSite,
} from './src/kernel/guards/guard-registry';
export { type AnswerListener, onAnswer } from './src/routing/answer-listeners';
export type { WrittenAnswer } from './src/routing/written-answer';
export type {
  CallWrapper,
  InterceptedSite,
  InterceptorDefinition,
  InterceptorMetadata,
  InterceptorRegistry,
  RouteInterceptor,
  RouteInterceptorSite,
} from './src/kernel/interceptors/interceptor-registry';
export { recordInterceptor } from './src/kernel/interceptors/record-interceptor';
export type { GuardDocs, GuardMetadata, ParamMetadata } from './src/kernel/metadata/types';
export type { CompiledRoute } from './src/routing/compiled-route';
export type { ResponseWriter } from './src/routing/response-writer';
export type { Reader, ReaderTable } from './src/routing/http-readers';
export type { RouteExtension, RoutePart } from './src/routing/route-extension';
export type { CallContext, CallHeaders, ContextVariable, LiveSession } from './src/kernel/call-context';
export type { RequestContext } from './src/routing/request-context';
export type { AuthenticatedUser, ConnectionSession } from './modules/auth/caller';

// Errors: HTTP exceptions answered to clients; coded configuration errors
export { TrellisError } from './container/trellis-error';
export { HTTP_STATUS } from './src/kernel/errors/catalog';
export { GENERIC_ERROR_CODES, type GenericErrorCode } from './src/kernel/errors/error-codes';
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
} from './src/kernel/errors/exceptions';
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
} from './src/kernel/errors/http-exception';
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
} from './src/kernel/errors/create-error';
export type { MissingPackage } from './src/kernel/errors/missing-packages-message';
export { MissingPackageError } from './src/optional/missing-package-error';
export { MissingPackages } from './src/optional/missing-packages';

// Optional peer dependencies
export { loadOptional } from './src/optional/load-optional';

// Security: CORS and response headers
export type { CorsOptions, OriginPredicate } from './src/security/cors-options';
export { noStore } from './src/security/no-store';
export type { SecurityHeadersOptions } from './src/security/security-headers';

// Pagination: offset, cursor and keyset
export {
  type CursorFields,
  type CursorValue,
  createMultiCursor,
  decodeMultiCursor,
} from './src/pagination/cursor-codec';
export {
  type CursorPaginatedResult,
  type CursorPaginationMeta,
  createCursorPaginatedResult,
} from './src/pagination/cursor-paginated-result';
export { CursorPaginationHelper } from './src/pagination/cursor-pagination-helper';
export { setCursorSigningKey } from './src/pagination/cursor-signing-key';
export { compareKeys, type KeysetOrder } from './src/pagination/keyset-order';
export { keysetPage } from './src/pagination/keyset-page';
export { type KeysetPlan, keysetQuery } from './src/pagination/keyset-query';
export { type PaginatedResult, type PaginationMeta, paginate } from './src/pagination/paginate';
export { PaginationHelper } from './src/pagination/pagination-helper';
export {
  type CursorDirection,
  type CursorQuery,
  parseCursorQuery,
} from './src/pagination/parse-cursor-query';
export { type PaginationQuery, parsePaginationQuery } from './src/pagination/parse-pagination-query';

// Observability: request ids, access logs, metrics, traces, health
export { type HealthCheck, HealthChecks, type ReadinessReport } from './src/health/health-checks';
export { redisHealthCheck } from './src/health/redis-health-check';
export { AppMetrics, type RedisStatusSource, UNMATCHED_ROUTE } from './src/metrics/app-metrics';
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
export { type TraceAttributes, type TraceStep, Tracing } from './src/tracing/tracing';

// Rate limiting
export { type AttemptLimit, type AttemptLimitOptions, attemptLimit } from './src/rate-limit/attempt-limit';
export { clientAddress, type RateLimitRequest } from './src/rate-limit/client-address';
export { type RateLimiter, rateLimit } from './src/rate-limit/rate-limit';
export type {
  RateLimitKeyGenerator,
  RateLimitLogger,
  RateLimitOptions,
  RateLimitStore,
} from './src/rate-limit/rate-limit-options';
export {
  type RedisRateLimitStoreOptions,
  redisRateLimitStore,
} from './src/rate-limit/redis-rate-limit-store';

// Redis
export { closeRedisClient } from './src/redis/close-redis-client';
export { createRedisClient } from './src/redis/create-redis-client';
export type { RedisClient } from './src/redis/redis-client';
export type { RedisClientOptions } from './src/redis/redis-client-options';
export { withRedis } from './src/redis/with-redis';

// OpenAPI
export { buildOpenApiDocument } from './src/openapi/build-document';
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
} from './src/openapi/document-types';
export { DOCS_PATH, OPENAPI_PATH } from './src/openapi/openapi-module';

// WebSocket gateways and broadcasting
export {
  BROADCASTER,
  type BroadcastEnvelope,
  type Broadcaster,
  type BroadcastListener,
  type Unsubscribe,
} from './src/websocket/broadcaster';
export { CLOSE_CODES } from './src/websocket/close-codes';
export { LocalBroadcaster } from './src/websocket/local-broadcaster';
export type { WebSocketErrorMessage } from './src/websocket/messages';
export { RedisBroadcaster, type RedisBroadcasterOptions } from './src/websocket/redis-broadcaster';
export {
  BroadcastSessionRevocations,
  type RevocationListener,
  SESSION_REVOCATIONS,
  type SessionRevocation,
  type SessionRevocations,
} from './src/websocket/session-revocations';
export { SESSION_CLOSE_REASONS } from './src/websocket/session-sockets';
export type { BroadcastOptions, WebSocketConnection } from './src/websocket/websocket-connection';
export type { WebSocketOptions } from './src/websocket/websocket-options';

// GraphQL
export { DateTimeScalar } from './src/graphql/date-time-scalar';
export { DEFAULT_GRAPHQL_LIMITS, type GraphqlLimits } from './src/graphql/query-limits';
export { SubscriptionPublisher } from './src/graphql/subscription-publisher';

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
export { Cron, type CronOptions, Job, type JobOptions } from './src/jobs/job-decorators';
export type { JobContext } from './src/jobs/job-context';
export type { CompiledJobDescription } from './src/jobs/compiled-jobs';
export { InvalidEnqueueOptionsError, InvalidJobPayloadError, UnknownJobError } from './src/jobs/jobs-errors';
export { type EnqueueOptions, type JobInfo, type JobPayload, Jobs } from './src/jobs/jobs-token';
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
export { FormFields, UploadedFile, UploadedFiles } from './src/uploads/upload-decorators';
export type {
  UploadInfo,
  UploadManyOptions,
  UploadModuleOptions,
  UploadOptions,
  UploadSink,
} from './src/uploads/upload-options';
export type { SseEvent } from './src/sse/sse-event';
export type { SseOptions } from './src/sse/sse-options';

// MCP: install('mcp') serves routes marked Tool() and the providers' Tool(), Resource() and Prompt() methods
export { mcpModule } from './modules/mcp';
export type { McpEntryDescription } from './src/inspect/app-description';
export { McpCall, type McpLogLevel } from './src/mcp/mcp-call';
export type { McpOptions } from './src/mcp/mcp-options';
export { Prompt } from './src/mcp/prompt-decorator';
export type { PromptOptions } from './src/mcp/prompt-options';
export { Resource } from './src/mcp/resource-decorator';
export type { ResourceOptions } from './src/mcp/resource-options';
export { Tool } from './src/mcp/tool-decorator';
export type { ToolAnnotations, ToolOptions } from './src/mcp/tool-options';
