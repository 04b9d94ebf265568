import { expect } from 'chai';
import type { Application } from '../../index';
import { createSampleApp } from '../../sample/create-sample-app';
import type { AppDescription } from '../../src/inspect/app-description';
import { specConfig } from './support/sample-env';

// [method and path, handler, guard kinds in the order they run, interceptor kinds]
const SAMPLE_ROUTES: [string, string, string, string?][] = [
  ['POST /auth/login', 'AuthController.login', ''],
  ['POST /auth/register', 'AuthController.register', '', 'idempotent'],
  ['POST /auth/refresh', 'AuthController.refresh', ''],
  ['GET /auth/me', 'AuthController.me', 'auth'],
  ['POST /auth/logout', 'AuthController.logout', 'auth'],
  ['GET /protected', 'GuardedController.protectedRoute', 'auth'],
  ['GET /admin-only', 'GuardedController.adminOnly', 'auth minimumRole'],
  ['GET /manager-up', 'GuardedController.managerUp', 'auth minimumRole'],
  ['GET /users', 'UsersController.listUsers', 'auth minimumRole'],
  ['GET /users/:id', 'UsersController.getUser', 'auth permissions'],
  ['POST /users', 'UsersController.createUser', 'auth permissions', 'idempotent'],
  ['PUT /users/:id', 'UsersController.updateUser', 'auth permissions'],
  ['DELETE /users/:id', 'UsersController.removeUser', 'auth minimumRole permissions'],
  ['POST /tasks', 'TasksController.createTask', 'auth permissions', 'idempotent'],
  ['GET /tasks/:id', 'TasksController.getTask', 'auth permissions'],
  ['GET /tasks', 'TasksController.listTasks', 'auth permissions'],
  ['GET /tasks/events', 'TaskEventsController.events', 'auth permissions'],
  ['POST /tasks/:id/attachments', 'AttachmentsController.add', 'auth permissions'],
  ['GET /tasks/:id/attachments', 'AttachmentsController.list', 'auth permissions'],
  ['GET /tasks/:id/attachments/:attachmentId', 'AttachmentsController.download', 'auth permissions'],
  ['GET /dashboard', 'DashboardController.show', 'auth'],
  ['GET /dashboard/admin-stats', 'DashboardController.adminStats', 'auth minimumRole'],
  ['GET /health', 'HealthController.check', ''],
  ['GET /health/live', 'HealthController.live', ''],
  ['GET /health/ready', 'HealthController.ready', ''],
];

const words = (listed = '') => listed.split(' ').filter(Boolean);

describe('the sample, inspected', () => {
  let app: Application;
  let description: AppDescription;

  before(async () => {
    app = createSampleApp(specConfig({}));
    description = await app.inspect();
  });

  after(() => app.close());

  it('readies without a problem', () => {
    expect(description.error).to.equal(undefined);
    expect(description.problems).to.deep.equal([]);
  });

  it('lists every route with its handler, its guard kinds in running order and its interceptors', () => {
    expect(description.routes.map(({ phases: _phases, ...route }) => route)).to.deep.equal(
      SAMPLE_ROUTES.map(([route, handler, guards, interceptors]) => {
        const [method, path] = route.split(' ');
        return { method, path, handler, guards: words(guards), interceptors: words(interceptors) };
      }),
    );
  });

  it("lays out each route's call phase by phase: the request's context, the guards, the upload, Idempotent(), the handler", () => {
    const phasesOf = (method: string, path: string) =>
      description.routes.find((route) => route.method === method && route.path === path)!.phases;
    expect(phasesOf('POST', '/tasks')).to.deep.equal({
      onRequest: ['observability', 'job request context'],
      guard: ['auth', 'permissions'],
      preHandler: ['idempotent'],
      handler: ['TasksController.createTask'],
      onSend: ['answer listeners', 'json writer'],
      onResponse: ['request scope'],
    });
    const upload = phasesOf('POST', '/tasks/:id/attachments');
    expect(upload.parse).to.deep.equal(['multipart body']);
    expect(upload.onResponse).to.deep.equal(['upload cleanup', 'request scope']);
  });

  it('gives every provider its scope: the data loaders per request, the configuration tokens as values, the rest singletons', () => {
    const scopes = Object.fromEntries(description.providers.map(({ name, scope }) => [name, scope]));
    expect(scopes).to.include({
      UserLoader: 'request',
      AssignedTasksLoader: 'request',
      currentRequest: 'request',
      'Symbol(trellis.database)': 'value',
      'Symbol(sample.config)': 'value',
      'Symbol(sample.shared-state)': 'value',
      TasksService: 'singleton',
      UsersRepository: 'singleton',
      AuthController: 'singleton',
    });
    const others = Object.entries(scopes).filter(([, scope]) => scope !== 'singleton');
    expect(others.map(([name]) => name).sort()).to.deep.equal(
      [
        'AssignedTasksLoader',
        'Symbol(sample.config)',
        'Symbol(sample.shared-state)',
        'Symbol(trellis.database)',
        'Symbol(trellis.jobs)',
        'UserLoader',
        'currentRequest',
      ].sort(),
    );
  });

  it('gives each provider its dependencies, Depends() included', () => {
    const byName = new Map(description.providers.map((provider) => [provider.name, provider]));
    expect(byName.get('TasksService')?.dependencies).to.deep.equal([
      'TasksRepository',
      'UsersRepository',
      'SubscriptionPublisher',
      'TaskFeed',
    ]);
    expect(byName.get('AuthController')?.dependencies).to.include('currentRequest');
  });

  it('lists the chat gateway and every GraphQL field with their guard kinds', () => {
    expect(description.gateways).to.deep.equal([
      {
        path: '/chat',
        gateway: 'ChatGateway',
        guards: ['auth'],
        events: [
          { event: 'connect', handler: 'ChatGateway.welcome' },
          { event: 'message', handler: 'ChatGateway.message' },
        ],
      },
    ]);
    expect(description.resolvers.map(({ field, guards }) => `${field}: ${guards.join(' ')}`)).to.deep.equal([
      'Query.me: auth',
      'Query.users: auth minimumRole',
      'Query.tasks: auth permissions',
      'Mutation.createTask: auth permissions',
      'Subscription.taskCreated: auth permissions',
      'assignee: ',
      'tasks: auth permissions',
    ]);
  });

  it('lists the modules it installed', () => {
    expect(description.modules).to.include.members(['database', 'auth', 'rbac']);
  });
});
