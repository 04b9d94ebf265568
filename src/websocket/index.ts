export {
  BROADCASTER,
  type BroadcastEnvelope,
  type Broadcaster,
  type BroadcastListener,
  type Unsubscribe,
} from './broadcaster';
export { CLOSE_CODES } from './close-codes';
export { websocketFeature } from './feature';
export { LocalBroadcaster } from './local-broadcaster';
export type { WebSocketErrorMessage } from './messages';
export { RedisBroadcaster, type RedisBroadcasterOptions } from './redis-broadcaster';
export type { BroadcastOptions, WebSocketConnection } from './websocket-connection';
export type { WebSocketOptions } from './websocket-options';
