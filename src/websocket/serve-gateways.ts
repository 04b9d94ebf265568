import type { Class, ModuleHost } from '../kernel';
import { type CompiledGateway, compileGateways, type GatewayEnv } from './compile-gateway';
import { GatewayServer } from './gateway-server';
import type { SessionRevocations } from './session-revocations';
import { upgradeDispatch } from './upgrade-dispatch';
import type { WebSocketLimits } from './websocket-options';

/**
 * Compiles the gateway `classes` at ready() and routes WebSocket upgrades to their server (which
 * attaches once the application listens). Loaded by an application that has gateways.
 */
export function serveGateways(
  app: ModuleHost,
  classes: Class[],
  env: GatewayEnv,
  limits: WebSocketLimits,
  revocations: SessionRevocations,
): { gateways: CompiledGateway[]; server: GatewayServer } {
  const gateways = compileGateways(classes, env);
  const server = new GatewayServer(
    gateways,
    limits,
    env.broadcaster,
    env.logger,
    revocations,
    app.metrics,
    app.errorBodies.app,
  );
  upgradeDispatch(app).otherwise(server.upgrade);
  return { gateways, server };
}
