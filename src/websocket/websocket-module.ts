import type { ModuleHost, TrellisFeature } from '../kernel';
import { BROADCASTER, type Broadcaster } from './broadcaster';
import type { CompiledGateway } from './compile-gateway';
import { describeGateways } from './describe-gateways';
import { GATEWAY_ROLE } from './gateway-role';
import type { GatewayServer } from './gateway-server';
import { LocalBroadcaster } from './local-broadcaster';
import { compileOriginCheck } from './origin-check';
import type * as ServeGateways from './serve-gateways';
import {
  BroadcastSessionRevocations,
  SESSION_REVOCATIONS,
  type SessionRevocations,
} from './session-revocations';
import { resolveLimits, type WebSocketOptions } from './websocket-options';
import { WEBSOCKET_OPTIONS_SCHEMA } from './websocket-options-schema';

const DEFAULT_SHUTDOWN_MS = 10_000;

function install(app: ModuleHost, options: WebSocketOptions | undefined): void {
  let server: GatewayServer | undefined;
  let gateways: CompiledGateway[] = [];
  app.inspection.contribute('gateways', () => describeGateways(gateways, app.guards));

  app.onCompile(() => {
    if (!app.container.isBound(BROADCASTER))
      app.container.bind(BROADCASTER).toConstantValue(options?.broadcaster ?? new LocalBroadcaster());
    // Over whichever broadcaster is bound in the end (overrides included): Redis fan-out carries
    // revocations to every instance as it carries broadcasts.
    if (!app.container.isBound(SESSION_REVOCATIONS))
      app.container
        .bind(SESSION_REVOCATIONS)
        .toDynamicValue((context) => new BroadcastSessionRevocations(context.get<Broadcaster>(BROADCASTER)))
        .inSingletonScope();
  });

  app.onCompiled(() => {
    const limits = resolveLimits(options);
    const origins = compileOriginCheck(options?.origins, 'options.websocket.origins');
    const classes = app.classesOf(GATEWAY_ROLE.name);
    if (classes.length === 0) return;
    if (!app.optionalPackages.need('ws', 'WebSocket gateways (@WebSocket classes)')) return;
    const broadcaster = app.container.get<Broadcaster>(BROADCASTER);
    const logger = app.logger.child({ component: 'websocket' });
    const env = {
      container: app.container,
      guards: app.guards,
      interceptors: app.interceptors,
      logger,
      broadcaster,
      origins,
      pipeline: app.pipeline,
    };
    const revocations = app.container.get<SessionRevocations>(SESSION_REVOCATIONS);
    // The gateways' compiler and server are loaded by an application that has gateways.
    const { serveGateways } = require('./serve-gateways') as typeof ServeGateways;
    ({ gateways, server } = serveGateways(app, classes, env, limits, revocations));
  });

  app.onListen(() => server?.attach());

  app.onShutdown(() => server?.shutdown(app.options.shutdownTimeoutMs ?? DEFAULT_SHUTDOWN_MS));
}

/**
 * Wires WebSocket gateways into an application: the `Broadcaster` is bound before the
 * overrides apply, gateways compile at `ready()`, upgrades are served once the server exists,
 * and every connection is closed first thing in `close()`. Installed by `createApp` with its
 * `websocket` option; the classes given in `gateways` are its.
 */
export const websocketModule: TrellisFeature<WebSocketOptions | undefined> = {
  name: 'websocket',
  option: 'websocket',
  schema: WEBSOCKET_OPTIONS_SCHEMA,
  roles: [GATEWAY_ROLE],
  install,
};
