import { expect } from 'chai';
import {
  Controller,
  Depends,
  Deprecated,
  defineModule,
  Get,
  Inject,
  Injectable,
  OnConnect,
  OnMessage,
  Post,
  recordGuard,
  recordInterceptor,
  Version,
  WebSocket,
} from '../../../index';
import { createApp } from '../../../src/app/create-app';

const TEAM_GUARD = recordGuard({ kind: 'team', module: 'inspect-spec', label: 'Team()' });
const SIGNED_GUARD = recordGuard({ kind: 'signed', module: 'inspect-spec', label: 'Signed()' });
const Audited = () => recordInterceptor({ kind: 'audited', module: 'inspect-spec', label: 'Audited()' });

// Two guard kinds, `team` needing `signed`, which runs first; one interceptor kind.
const inspectSpecModule = defineModule<undefined>({
  name: 'inspect-spec',
  install(app) {
    app.guards.define({ kind: 'signed', priority: 0, compile: () => () => {} });
    app.guards.define({ kind: 'team', priority: 10, requires: ['signed'], compile: () => () => {} });
    app.interceptors.define({ kind: 'audited', call: () => (call) => call() });
  },
});

const CLOCK = Symbol('Clock');

@Injectable()
class Store {
  constructor(@Inject(CLOCK) readonly clock: { now(): number }) {}
}

@Injectable('request')
class Visit {}

@Injectable('transient')
class Formatter {}

function stamp(): number {
  return 1;
}

@Controller('/reports')
class ReportsController {
  constructor(
    readonly store: Store,
    readonly formatter: Formatter,
  ) {}

  @Get('/')
  list(@Depends(Visit) _visit: Visit) {
    return [];
  }

  @Post('/')
  @TEAM_GUARD
  @Audited()
  create(@Depends(stamp) _stamp: number) {
    return {};
  }

  @Get('/old')
  @Version(['1', '2'])
  @SIGNED_GUARD
  @Deprecated({ since: new Date('2026-01-01T00:00:00Z'), sunset: new Date('2027-01-01T00:00:00Z') })
  old() {
    return {};
  }
}

@WebSocket('/live')
@TEAM_GUARD
class LiveGateway {
  @OnConnect()
  hello() {}

  @OnMessage()
  message() {}
}

function inspectedApp() {
  const app = createApp({
    controllers: [ReportsController],
    gateways: [LiveGateway],
    versioning: { type: 'uri' },
  });
  app.install(inspectSpecModule, undefined);
  app.container.bind(CLOCK).toConstantValue({ now: () => 0 });
  return app;
}

describe('app.inspect()', () => {
  it('compiles the app and lists every route with its handler, guard kinds in running order, interceptors, phases and version', async () => {
    const app = inspectedApp();
    const { routes } = await app.inspect();
    expect(routes).to.deep.equal([
      {
        method: 'GET',
        path: '/reports',
        handler: 'ReportsController.list',
        guards: [],
        interceptors: [],
        phases: {
          handler: ['ReportsController.list'],
          onSend: ['json writer'],
          onResponse: ['request scope'],
        },
      },
      {
        method: 'POST',
        path: '/reports',
        handler: 'ReportsController.create',
        guards: ['signed', 'team'],
        interceptors: ['audited'],
        phases: {
          guard: ['signed', 'team'],
          // A call interceptor wraps the method itself, in every transport.
          handler: ['audited', 'ReportsController.create'],
          onSend: ['answer listeners', 'json writer'],
          onResponse: ['request scope'],
        },
      },
      ...['1', '2'].map((version) => ({
        method: 'GET',
        path: `/v${version}/reports/old`,
        handler: 'ReportsController.old',
        guards: ['signed'],
        interceptors: [],
        phases: {
          guard: ['signed'],
          handler: ['ReportsController.old'],
          onSend: ['json writer'],
          onResponse: ['request scope'],
        },
        version,
        deprecated: { since: '2026-01-01T00:00:00.000Z', sunset: '2027-01-01T00:00:00.000Z' },
      })),
    ]);
    await app.close();
  });

  it('lists providers with their scopes and dependencies: constructor parameters, tokens and Depends()', async () => {
    const app = inspectedApp();
    const { providers } = await app.inspect();
    const byName = new Map(providers.map((provider) => [provider.name, provider]));
    expect(byName.get('ReportsController')).to.deep.equal({
      name: 'ReportsController',
      scope: 'singleton',
      dependencies: ['Store', 'Formatter', 'Visit', 'stamp'],
    });
    expect(byName.get('Store')).to.deep.equal({
      name: 'Store',
      scope: 'singleton',
      dependencies: ['Symbol(Clock)'],
    });
    expect(byName.get('Symbol(Clock)')?.scope).to.equal('value');
    expect(byName.get('Formatter')?.scope).to.equal('transient');
    expect(byName.get('Visit')?.scope).to.equal('request');
    expect(byName.get('stamp')?.scope).to.equal('request');
    await app.close();
  });

  it('lists gateways and the installed modules (built-in features first), and no jobs when no feature contributes any', async () => {
    const app = inspectedApp();
    const description = await app.inspect();
    expect(description.gateways).to.deep.equal([
      {
        path: '/live',
        gateway: 'LiveGateway',
        guards: ['signed', 'team'],
        events: [
          { event: 'connect', handler: 'LiveGateway.hello' },
          { event: 'message', handler: 'LiveGateway.message' },
        ],
      },
    ]);
    expect(description.modules).to.deep.equal([
      'http',
      'websocket',
      'sse',
      'uploads',
      'graphql',
      'job-calls',
      'openapi',
      'devtools',
      'inspect-spec',
    ]);
    expect(description.resolvers).to.deep.equal([]);
    expect(description.jobs).to.deep.equal([]);
    expect(description.problems).to.deep.equal([]);
    expect(description).not.to.have.property('error');
    await app.close();
  });

  it('takes the parts features contribute, described when inspected', async () => {
    const app = inspectedApp();
    let runs = 0;
    app.onCompile(() => {
      runs = 2;
    });
    app.inspection.contribute('jobs', () => [{ name: 'send-welcome', handler: 'Mailer.welcome', runs }]);
    app.inspection.contribute('jobs', () => [{ name: 'cleanup', schedule: '0 3 * * *' }]);
    const { jobs } = await app.inspect();
    expect(jobs).to.deep.equal([
      { name: 'send-welcome', handler: 'Mailer.welcome', runs: 2 },
      { name: 'cleanup', schedule: '0 3 * * *' },
    ]);
    await app.close();
  });

  it('is JSON: what it resolves to survives a round trip unchanged', async () => {
    const app = inspectedApp();
    const description = await app.inspect();
    expect(JSON.parse(JSON.stringify(description))).to.deep.equal(description);
    await app.close();
  });
});
