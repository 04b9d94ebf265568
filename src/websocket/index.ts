export {
  BROADCASTER,
  type BroadcastEnvelope,
  type Broadcaster,
  type BroadcastListener,
  type Unsubscribe,
} from './broadcaster';
export { ClientPlaces, DEFAULT_CONNECTIONS_PER_CLIENT } from './client-places';
export { CLOSE_CODES } from './close-codes';
export { GATEWAY, GATEWAY_EVENT } from './gateway-metadata';
export { GATEWAY_ROLE } from './gateway-role';
export { LocalBroadcaster } from './local-broadcaster';
export type { WebSocketErrorMessage } from './messages';
export type { OriginAllowList } from './origin-allow-list';
export { compileOriginCheck, type OriginCheck } from './origin-check';
export { RedisBroadcaster, type RedisBroadcasterOptions } from './redis-broadcaster';
export { refuseUpgrade } from './refuse-upgrade';
export { protocolToken } from './select-protocol';
export {
  BroadcastSessionRevocations,
  type RevocationListener,
  SESSION_REVOCATIONS,
  type SessionRevocation,
  type SessionRevocations,
} from './session-revocations';
export { type ClosableConnection, SESSION_CLOSE_REASONS, SessionSockets } from './session-sockets';
export { upgradeContext } from './upgrade-context';
export { releaseUpgradeSocket, upgradeDispatch } from './upgrade-dispatch';
export type { BroadcastOptions, WebSocketConnection } from './websocket-connection';
export { WEBSOCKET_ERRORS } from './websocket-errors';
export { websocketModule } from './websocket-module';
export { resolveLimits, type WebSocketOptions } from './websocket-options';
