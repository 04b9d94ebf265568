import type { Logger } from 'pino';
import type { AppContainer as Container } from '../../container/app-container';
import type { Resolver } from '../../container/resolution-plan';
import type { RequestContext } from '../http/request-context';
import {
  type ClassMetadata,
  callHookSteps,
  compileInvocation,
  compileValidator,
  type GuardRegistry,
  type GuardSite,
  type InterceptorRegistry,
  type MethodMetadata,
  nestArounds,
  type PipelineHooks,
  positionalSlots,
  ValidationException,
} from '../kernel';
import { GATEWAY_EVENT } from './gateway-metadata';
import type { WebSocketConnection } from './websocket-connection';
import { WS_READERS } from './ws-readers';

/** Runs one gateway handler for one event; resolves to what the handler returned. */
export type GatewayEvent = (
  upgrade: RequestContext,
  connection: WebSocketConnection,
  message?: unknown,
) => Promise<unknown>;

/** What compiling a gateway handler needs from the application. */
export interface GatewayCompilerEnv {
  container: Container;
  guards: GuardRegistry;
  /** The interceptor kinds modules provide. */
  interceptors?: InterceptorRegistry;
  logger: Logger;
  /** The app's pipeline: the hooks that join WebSocket calls run around and in each event. */
  pipeline?: PipelineHooks<any>;
}

// One event's context: the upgrade request's, with the message as body and its own scope.
interface GatewayEventContext extends RequestContext {
  readonly connection: WebSocketConnection;
}

/**
 * Prepares, once, how one `OnConnect`/`OnMessage`/`OnDisconnect` handler runs: its own guards
 * (an `OnMessage`'s run per message), the message schema, decorated parameters, and the gateway
 * instance. Each call gets its own request scope, released when the handler returns.
 */
export function compileGatewayEvent(
  gateway: ClassMetadata,
  handler: MethodMetadata,
  resolveGateway: Resolver,
  env: GatewayCompilerEnv,
  path: string,
): GatewayEvent {
  const event = handler.get(GATEWAY_EVENT)!;
  const site: GuardSite = {
    className: gateway.target.name,
    methodName: handler.name,
    transport: 'ws',
    container: env.container,
  };
  const validate = event.schema ? compileValidator(event.schema, 'message') : undefined;
  const where = `${gateway.target.name}.${handler.name}`;
  const hooks = callHookSteps<GatewayEventContext>(env.pipeline, {
    transport: 'ws',
    handler,
    where,
    container: env.container,
    path,
  });
  const validateMessage = validate
    ? (ctx: GatewayEventContext) => {
        const result = validate(ctx.body);
        if (!result.ok) throw new ValidationException(result.details);
        ctx.body = result.value;
      }
    : undefined;

  const [connectionSlot, messageSlot] = positionalSlots(handler.params, event.event === 'message' ? 2 : 1);
  const invoke = compileInvocation<GatewayEventContext>(
    {
      owner: gateway,
      method: handler,
      // OnConnect's guards run on the upgrade request, before the socket opens.
      guards: event.event === 'message' ? handler.guards : [],
      readers: WS_READERS,
      site,
      resolveOwner: resolveGateway,
      // The guard hooks that join WebSocket calls run in the guards' loop; then the message's schema.
      checks: hooks.guard,
      prepare: validateMessage,
      intercept: hooks.preHandler,
      completeArguments:
        messageSlot === undefined
          ? (args, ctx) => {
              args[connectionSlot] = ctx.connection;
            }
          : (args, ctx) => {
              args[connectionSlot] = ctx.connection;
              args[messageSlot] = ctx.body;
            },
    },
    { container: env.container, guards: env.guards, interceptors: env.interceptors },
  );
  const onDisposeError = (err: unknown) => env.logger.error({ err }, 'request scope disposal failed');

  const around = nestArounds(hooks.onRequest, invoke);
  return async (upgrade, connection, message) => {
    const ctx: GatewayEventContext = { ...upgrade, body: message, scope: undefined, connection };
    try {
      return await around(ctx);
    } finally {
      if (ctx.scope) void ctx.scope.dispose(onDisposeError);
    }
  };
}
