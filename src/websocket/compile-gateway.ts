import { planResolution } from '../../container/resolution-plan';
import {
  type Class,
  type ClassMetadata,
  compileGuards,
  type GuardCheck,
  type MethodMetadata,
  metadataRegistry,
  trellisError,
} from '../kernel';
import { joinPaths, routeShape } from '../routing';
import type { Broadcaster } from './broadcaster';
import { compileGatewayEvent, type GatewayCompilerEnv, type GatewayEvent } from './compile-gateway-event';
import { GatewayHub } from './gateway-hub';
import { GATEWAY, GATEWAY_EVENT } from './gateway-metadata';
import { GATEWAY_ROLE } from './gateway-role';
import { compileOriginCheck, type OriginCheck } from './origin-check';
import { websocketError } from './websocket-errors';

/** What compiling gateways needs from the application. */
export interface GatewayEnv extends GatewayCompilerEnv {
  broadcaster: Broadcaster;
  /** The app-wide allow-list, for gateways that declare none. */
  origins?: OriginCheck;
}

type EventName = 'connect' | 'message' | 'disconnect';

const DECORATOR: Record<EventName, string> = {
  connect: 'OnConnect()',
  message: 'OnMessage()',
  disconnect: 'OnDisconnect()',
};

/** A gateway ready to serve: its path, its upgrade guards, its handlers and its local clients. */
export interface CompiledGateway {
  path: string;
  meta: ClassMetadata;
  /** Checked first on the upgrade request; absent when any origin may connect. */
  origins?: OriginCheck;
  /** Checked on the upgrade request, before the socket opens: the class's guards and `OnConnect`'s. */
  checks: GuardCheck[];
  onConnect?: GatewayEvent;
  onMessage?: GatewayEvent;
  onDisconnect?: GatewayEvent;
  hub: GatewayHub;
}

function handlersByEvent(meta: ClassMetadata): Partial<Record<EventName, MethodMetadata>> {
  const found: Partial<Record<EventName, MethodMetadata>> = {};
  for (const method of meta.methods.values()) {
    const event = method.get(GATEWAY_EVENT)?.event;
    if (!event) continue;
    const first = found[event];
    if (first) {
      throw websocketError(
        'TRELLIS_ERR_DUPLICATE_GATEWAY_HANDLER',
        meta.target.name,
        DECORATOR[event],
        first.name,
        method.name,
      );
    }
    found[event] = method;
  }
  if (found.disconnect && found.disconnect.guards.length > 0) {
    throw websocketError(
      'TRELLIS_ERR_GUARD_ON_DISCONNECT',
      `${meta.target.name}.${found.disconnect.name}`,
      DECORATOR.disconnect,
    );
  }
  return found;
}

/** Compiles one `@WebSocket` class; misconfiguration fails here, at `ready()`. */
export function compileGateway(meta: ClassMetadata, env: GatewayEnv): CompiledGateway {
  const gateway = meta.get(GATEWAY);
  const path = joinPaths(gateway?.path);
  if (path.includes('*'))
    throw websocketError('TRELLIS_ERR_UNSUPPORTED_GATEWAY_PATH', meta.target.name, String(gateway?.path));
  const handlers = handlersByEvent(meta);
  const checks = compileGuards([...meta.guards, ...(handlers.connect?.guards ?? [])], env.guards, {
    className: meta.target.name,
    methodName: handlers.connect?.name ?? 'upgrade',
    transport: 'ws',
    container: env.container,
  });
  const resolveGateway = planResolution(env.container, meta.target);
  const compile = (handler?: MethodMetadata) =>
    handler ? compileGatewayEvent(meta, handler, resolveGateway, env, path) : undefined;
  const origins =
    gateway?.origins === undefined
      ? env.origins
      : compileOriginCheck(gateway.origins, `${meta.target.name}: @WebSocket() origins`);
  return {
    path,
    meta,
    origins,
    checks,
    onConnect: compile(handlers.connect),
    onMessage: compile(handlers.message),
    onDisconnect: compile(handlers.disconnect),
    hub: new GatewayHub(path, env.broadcaster, env.logger),
  };
}

/** Compiles every gateway, refusing two on one path. */
export function compileGateways(classes: Iterable<Class>, env: GatewayEnv): CompiledGateway[] {
  const byShape = new Map<string, CompiledGateway>();
  for (const target of classes) {
    const meta = metadataRegistry.find(target);
    if (meta?.role !== GATEWAY_ROLE.name)
      throw trellisError('TRELLIS_ERR_NOT_DECORATED', target.name, GATEWAY_ROLE.decorator);
    const gateway = compileGateway(meta, env);
    const shape = routeShape(gateway.path);
    const first = byShape.get(shape);
    if (first) {
      throw websocketError(
        'TRELLIS_ERR_DUPLICATE_GATEWAY',
        gateway.path,
        first.meta.target.name,
        target.name,
      );
    }
    byShape.set(shape, gateway);
  }
  return [...byShape.values()];
}
