import type { ZodType } from 'zod';
import { metadataRegistry } from '../kernel';
import { GATEWAY, GATEWAY_EVENT, GATEWAY_ROLE, type OriginAllowList } from '../websocket';
import { markInjectable } from './mark-injectable';

/** What a gateway declares besides its path. */
export interface WebSocketGatewayOptions {
  /**
   * Browser origins allowed to connect (the app-wide `websocket.origins` otherwise): an upgrade
   * with an `Origin` not on the list gets 403; one without `Origin` (not a browser) passes.
   */
  origins?: OriginAllowList;
}

/**
 * Declares a WebSocket gateway served at `path` on the application's HTTP server; its handlers
 * take the `WebSocketConnection` and, for `OnMessage`, the parsed JSON message.
 * @example @WebSocket('/chat', { origins: ['https://app.example.com'] }) class Chat { @OnMessage(schema) say(client, message) { client.broadcast(message); } }
 */
export function WebSocket(path: string, options: WebSocketGatewayOptions = {}): ClassDecorator {
  return (target) => {
    const meta = metadataRegistry.forClass(target);
    meta.role = GATEWAY_ROLE.name;
    meta.set(GATEWAY, options.origins === undefined ? { path } : { path, origins: options.origins });
    markInjectable(target);
  };
}

function event(name: 'connect' | 'message' | 'disconnect') {
  return (schema?: ZodType): MethodDecorator =>
    (target, key) => {
      metadataRegistry.forMethod(target.constructor, key).set(GATEWAY_EVENT, { event: name, schema });
    };
}

/** Called with the connection when a client connects; a value it returns is sent to that client. */
export const OnConnect = (): MethodDecorator => event('connect')();
/**
 * Called for each JSON message, validated by `schema` when given (a failing message gets an error
 * message back); a value it returns other than `undefined` is sent back to that client.
 */
export const OnMessage = event('message');
/** Called when a client disconnects. */
export const OnDisconnect = (): MethodDecorator => event('disconnect')();
