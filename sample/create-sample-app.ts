import { createHmac } from 'node:crypto';
import type { Logger } from 'pino';
import { AttachmentStore } from './attachments/attachment-store';
import { AttachmentsController } from './attachments/attachments-controller';
import { AuthController } from './auth/auth-controller';
import { AuthUserProvider } from './auth/auth-user-provider';
import { ChatGateway } from './chat/chat-gateway';
import type { SampleConfig } from './config';
import { DashboardController } from './dashboard/dashboard-controller';
import { DemoSeeder } from './database/demo-seeder';
import { hashDemoPassword } from './database/demo-users';
import { sampleMigrations } from './database/migrations';
import type { SampleDatabase } from './database/schema';
import { SampleResolver } from './graphql/sample-resolver';
import { TaskFieldsResolver } from './graphql/task-fields-resolver';
import { UserFieldsResolver } from './graphql/user-fields-resolver';
import { GuardedController } from './guarded/guarded-controller';
import { HealthController } from './health/health-controller';
import { serveHomePage } from './home/serve-home-page';
import { cleanupJobs } from './jobs/cleanup-jobs';
import { WelcomeJobs } from './jobs/welcome-jobs';
import { MESSAGES } from './messages';
import { createSharedState, type SharedState } from './shared-state';
import { TaskEventsController } from './tasks/task-events-controller';
import { TasksController } from './tasks/tasks-controller';
import { SAMPLE_CONFIG, SHARED_STATE } from './tokens';
import {
  type Application,
  BROADCASTER,
  CursorPaginationHelper,
  createApp,
  Database,
  REFERENCE_PERMISSIONS,
  REFERENCE_ROLES,
  rateLimit,
  redisHealthCheck,
} from './trellis';
import { UsersController } from './users/users-controller';
import { UsersRepository } from './users/users-repository';

/** What the composition root takes besides the configuration (tests pass their own). */
export interface SampleAppOptions {
  logger?: Logger;
  /** Default: `createSharedState(config)`. */
  sharedState?: SharedState;
  /** `hashDemoPassword(config)` started before the application was loaded (see `main.ts`). */
  demoPasswordHash?: Promise<string>;
}

// Cursors are signed with a key derived from the JWT secret: one secret to configure, and every
// instance sharing it accepts the others' cursors.
function cursorKey(secret: string): Buffer {
  return createHmac('sha256', secret).update('trellis-sample:cursors').digest();
}

// Readiness fails while the database (the module's own check) or any Redis connection is
// unreachable; metrics report Redis.
function watchHealth(app: Application, state: SharedState): void {
  for (const [name, client] of Object.entries(state.redisClients)) {
    app.health.addCheck(`redis:${name}`, redisHealthCheck(client));
    app.metrics?.watchRedis(name, client);
  }
}

/**
 * The composition root: the database, the shared state, the auth and rbac modules, and every
 * feature, bound in one container. Demo users missing from the database exist once `ready()` resolves.
 * @example const app = createSampleApp(loadConfig().config); await app.listen(3000);
 */
export function createSampleApp(config: SampleConfig, options: SampleAppOptions = {}): Application {
  // The demo password's bcrypt hash starts before the application is built: it runs on a libuv
  // thread while the main thread builds, and ready() waits for the seeding, so the first login
  // finds the users.
  const passwordHash = options.demoPasswordHash ?? hashDemoPassword(config);
  passwordHash.catch(() => {}); // awaited at ready(); without this, a failure before then would be unhandled
  const app = createApp({
    engine: config.engine,
    trustProxy: config.trustProxy,
    logger: options.logger,
    requestId: true,
    accessLog: config.accessLog,
    metrics: config.metrics ?? false,
    tracing: config.tracing,
    shutdownDelayMs: config.shutdownDelayMs,
    controllers: [
      AuthController,
      GuardedController,
      UsersController,
      TasksController,
      TaskEventsController,
      AttachmentsController,
      DashboardController,
      HealthController,
    ],
    gateways: [ChatGateway],
    websocket: { origins: config.wsOrigins },
    resolvers: [SampleResolver, TaskFieldsResolver, UserFieldsResolver],
    // An anonymous graphql-ws connection is closed (4403) rather than held open doing nothing.
    graphql: { subscriptions: { requireAuth: true } },
    // Single-page apps on these origins may call the API (CORS_ORIGINS); none when unset.
    cors: config.corsOrigins.length > 0 && { origin: config.corsOrigins, maxAge: 600 },
    openapi: {
      title: 'Trellis sample',
      version: '1.0.0',
      description:
        'The reference application: log in with a demo user (admin, manager, team_lead, developer, viewer).',
      license: { name: 'MIT', identifier: 'MIT' },
      contact: { name: 'The Trellis maintainers' },
    },
  });
  const state = options.sharedState ?? createSharedState(config, app.logger);
  CursorPaginationHelper.setSigningKey(cursorKey(config.jwt.secret));

  watchHealth(app, state);
  app.container.bind(SAMPLE_CONFIG).toConstantValue(config);
  app.container.bind(SHARED_STATE).toConstantValue(state);
  app
    .install('database', {
      url: config.databaseUrl,
      migrations: sampleMigrations(config.databaseFile === undefined ? 'postgres' : 'sqlite'),
      idempotencyStore: state.idempotencyStore,
    })
    .install('auth', {
      jwt: config.jwt,
      userProvider: AuthUserProvider,
      store: state.tokenStore,
      denyList: state.denyList,
      bcryptRounds: config.bcryptRounds,
      loginFailureSpacingMs: config.loginFailureSpacingMs,
      // Twice one client's allowance: the spacing holds a flood from many clients, never one client.
      loginFailureBurst: 2 * config.loginRateLimit.max,
    })
    .install('rbac', { roles: REFERENCE_ROLES, permissions: REFERENCE_PERMISSIONS })
    // The welcome messages and the nightly cleanup, in the same database.
    .install('jobs', { handlers: [WelcomeJobs, cleanupJobs(config.cleanupCron, app.logger)] })
    // The task routes marked Tool() as MCP tools at /mcp, with the same schemas, guards and answers.
    .install('mcp', {});
  app.override(BROADCASTER, state.broadcaster);
  app.use(serveHomePage(config.env !== 'production'));
  // Every registration attempt counts, whatever its outcome: each costs a bcrypt hash. Only
  // registrations do: a GET, a preflight or a path below it is no attempt.
  const registrations = rateLimit({
    windowMs: config.registerRateLimit.windowMs,
    max: config.registerRateLimit.max,
    store: state.rateLimitStore('register'),
    message: MESSAGES.tooManyRegistrations,
  });
  app.use('/auth/register', (req, res, next) =>
    isRegistration(req) ? registrations(req, res, next) : next(),
  );

  // After the database module's ready hook, which migrates.
  app.onReady(async () => {
    const users = new UsersRepository(app.container.get<SampleDatabase>(Database));
    const created = await new DemoSeeder(users, config).seed(passwordHash);
    if (created.length > 0) app.logger.info({ users: created }, 'demo users created');
  });
  app.onClose(async () => {
    if (app.container.isBound(AttachmentStore)) await app.container.get(AttachmentStore).close();
    await state.close();
  });
  return app;
}

// Express hands mounted middleware the path below the mount in `url`, the whole one in `originalUrl`.
function isRegistration(req: { method?: string; url?: string; originalUrl?: string }): boolean {
  const path = (req.originalUrl ?? req.url ?? '').split('?')[0];
  return req.method === 'POST' && (path === '/auth/register' || path === '/auth/register/');
}
