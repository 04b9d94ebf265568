export {
  BROADCASTER,
  type BroadcastEnvelope,
  type Broadcaster,
  type BroadcastListener,
  type Unsubscribe,
} from './broadcaster';
export { CLOSE_CODES } from './close-codes';
export { LocalBroadcaster } from './local-broadcaster';
export type { WebSocketErrorMessage } from './messages';
export { RedisBroadcaster, type RedisBroadcasterOptions } from './redis-broadcaster';
export { protocolToken } from './select-protocol';
export {
  BroadcastSessionRevocations,
  type RevocationListener,
  SESSION_REVOCATIONS,
  type SessionRevocation,
  type SessionRevocations,
} from './session-revocations';
export { SESSION_CLOSE_REASONS } from './session-sockets';
export type { BroadcastOptions, WebSocketConnection } from './websocket-connection';
export { websocketModule } from './websocket-module';
export type { WebSocketOptions } from './websocket-options';
