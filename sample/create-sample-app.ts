import { createHmac } from 'node:crypto';
import type { Logger } from 'pino';
import { AttachmentStore } from './attachments/attachment-store';
import { AttachmentsController } from './attachments/attachments-controller';
import { AuthController } from './auth/auth-controller';
import { AuthUserProvider } from './auth/auth-user-provider';
import { ChatGateway } from './chat/chat-gateway';
import type { SampleConfig } from './config';
import { DashboardController } from './dashboard/dashboard-controller';
import { openDatabase, type SampleDatabase } from './database/connection';
import { DatabaseHealth } from './database/database-health';
import { DemoSeeder } from './database/demo-seeder';
import { SampleResolver } from './graphql/sample-resolver';
import { TaskFieldsResolver } from './graphql/task-fields-resolver';
import { UserFieldsResolver } from './graphql/user-fields-resolver';
import { GuardedController } from './guarded/guarded-controller';
import { HealthController } from './health/health-controller';
import { serveHomePage } from './home/serve-home-page';
import { MESSAGES } from './messages';
import { createSharedState, type SharedState } from './shared-state';
import { TaskEventsController } from './tasks/task-events-controller';
import { TasksController } from './tasks/tasks-controller';
import { DATABASE, SAMPLE_CONFIG, SHARED_STATE } from './tokens';
import {
  type Application,
  BROADCASTER,
  CursorPaginationHelper,
  createApp,
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

// Readiness fails while the database or any Redis connection is unreachable; metrics report Redis.
function watchHealth(app: Application, db: SampleDatabase, state: SharedState): void {
  const database = new DatabaseHealth(db);
  app.health.addCheck('database', () => database.isUp());
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
  const db = openDatabase(config.databaseFile);
  // Seeding starts before the application is built: its bcrypt hash runs on a libuv thread while
  // the main thread builds, and ready() waits for it, so the first login finds the users.
  const seeding = new DemoSeeder(new UsersRepository(db), config).seed(options.demoPasswordHash);
  seeding.catch(() => {}); // awaited at ready(); without this, a failure before then would be unhandled
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

  watchHealth(app, db, state);
  app.container.bind(SAMPLE_CONFIG).toConstantValue(config);
  app.container.bind(DATABASE).toConstantValue(db);
  app.container.bind(SHARED_STATE).toConstantValue(state);
  app
    .install('auth', {
      jwt: config.jwt,
      userProvider: AuthUserProvider,
      store: state.tokenStore,
      denyList: state.denyList,
      bcryptRounds: config.bcryptRounds,
    })
    .install('rbac', { roles: REFERENCE_ROLES, permissions: REFERENCE_PERMISSIONS });
  app.override(BROADCASTER, state.broadcaster);
  app.use(serveHomePage(config.env !== 'production'));
  // Every registration attempt counts, whatever its outcome: each costs a bcrypt hash.
  app.use(
    '/auth/register',
    rateLimit({
      windowMs: config.registerRateLimit.windowMs,
      max: config.registerRateLimit.max,
      store: state.rateLimitStore('register'),
      message: MESSAGES.tooManyRegistrations,
    }),
  );

  app.onCompiled(async () => {
    const created = await seeding;
    if (created.length > 0) app.logger.info({ users: created }, 'demo users created');
  });
  app.onClose(async () => {
    if (app.container.isBound(AttachmentStore)) await app.container.get(AttachmentStore).close();
    await state.close();
    db.close();
  });
  return app;
}
