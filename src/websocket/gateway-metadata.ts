import type { ZodType } from 'zod';
import { metadataKey } from '../kernel';
import type { OriginAllowList } from './origin-allow-list';

/** What `WebSocket(path, options)` recorded on a gateway class. */
export interface GatewayMetadata {
  path: string;
  /** The gateway's own allow-list of browser origins. */
  origins?: OriginAllowList;
}

/** What `OnConnect`, `OnMessage` or `OnDisconnect` recorded on a gateway method. */
export interface GatewayEventMetadata {
  event: 'connect' | 'message' | 'disconnect';
  /** For `OnMessage`: the schema each message is validated by. */
  schema?: ZodType;
}

/** The gateway's path and origins. */
export const GATEWAY = metadataKey<GatewayMetadata>('gateway');
/** The event a gateway method handles: a method holding it is served over WebSocket. */
export const GATEWAY_EVENT = metadataKey<GatewayEventMetadata>('gateway event', { entryPoint: true });
