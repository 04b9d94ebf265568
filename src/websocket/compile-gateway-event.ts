import type { Logger } from 'pino';
import type { AppContainer as Container } from '../../container/app-container';
import type { Resolver } from '../../container/resolution-plan';
import { ValidationException } from '../errors/exceptions';
import { compileGuards } from '../guards/compile-guards';
import type { GuardRegistry, GuardSite } from '../guards/guard-registry';
import { runGuards } from '../guards/run-guards';
import type { ClassMetadata, MethodMetadata, ParamMetadata } from '../metadata/types';
import { compileArguments } from '../routing/compile-arguments';
import type { RequestContext } from '../routing/request-context';
import { compileValidator } from '../validation/compile-validator';
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
  logger: Logger;
}

// The parameters without a decorator take, in order, the connection and then the message.
function positionalSlots(params: readonly ParamMetadata[], count: number): number[] {
  const decorated = new Set(params.map((param) => param.index));
  const slots: number[] = [];
  for (let index = 0; slots.length < count; index++) if (!decorated.has(index)) slots.push(index);
  return slots;
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
): GatewayEvent {
  const event = handler.ws!;
  const site: GuardSite = {
    className: gateway.target.name,
    methodName: handler.name,
    transport: 'ws',
    container: env.container,
  };
  const checks = event.event === 'message' ? compileGuards(handler.guards, env.guards, site) : [];
  const validate = event.schema ? compileValidator(event.schema, 'message') : undefined;
  const buildArguments = compileArguments(handler.params, WS_READERS, site, env.container);
  const [connectionSlot, messageSlot] = positionalSlots(handler.params, event.event === 'message' ? 2 : 1);
  const method = gateway.target.prototype[handler.name] as (...args: unknown[]) => unknown;
  const onDisposeError = (err: unknown) => env.logger.error({ err }, 'request scope disposal failed');

  return async (upgrade, connection, message) => {
    const ctx: RequestContext = { ...upgrade, body: message, scope: undefined };
    try {
      if (checks.length > 0) await runGuards(checks, ctx);
      if (validate) {
        const result = validate(message);
        if (!result.ok) throw new ValidationException(result.details);
        ctx.body = result.value;
      }
      const built = buildArguments(ctx);
      const args = Array.isArray(built) ? built : await built;
      args[connectionSlot] = connection;
      if (messageSlot !== undefined) args[messageSlot] = ctx.body;
      return await method.apply(resolveGateway(ctx), args);
    } finally {
      if (ctx.scope) void ctx.scope.dispose(onDisposeError);
    }
  };
}
