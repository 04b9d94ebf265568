import { injectable } from 'inversify';
import type { ZodType } from 'zod';
import { metadataRegistry } from '../metadata/registry';

/** Declares a WebSocket gateway served at `path` on the application's HTTP server. */
export function WebSocket(path: string): ClassDecorator {
  return (target) => {
    const meta = metadataRegistry.forClass(target);
    meta.role = 'gateway';
    meta.path = path;
    injectable()(target);
  };
}

function event(name: 'connect' | 'message' | 'disconnect') {
  return (schema?: ZodType): MethodDecorator =>
    (target, key) => {
      metadataRegistry.forMethod(target.constructor, key).ws = { event: name, schema };
    };
}

/** Called with the connection when a client connects. */
export const OnConnect = (): MethodDecorator => event('connect')();
/** Called for each JSON message, validated by `schema` when given. */
export const OnMessage = event('message');
/** Called when a client disconnects. */
export const OnDisconnect = (): MethodDecorator => event('disconnect')();
