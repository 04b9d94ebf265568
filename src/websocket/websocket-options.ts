import { trellisError } from '../kernel';
import type { Broadcaster } from './broadcaster';
import { DEFAULT_CONNECTIONS_PER_CLIENT } from './client-places';
import type { OriginAllowList } from './origin-allow-list';

/** WebSocket settings of an application (`createApp({ websocket: {...} })`). */
export interface WebSocketOptions {
  /** Largest accepted message in bytes; a bigger one closes the connection with 1009. Default 64 KiB. */
  maxPayload?: number;
  /** How often peers are pinged; one that has not answered the previous ping is dropped. Default 30 s. */
  heartbeatIntervalMs?: number;
  /** Bytes a client may leave unread before it is disconnected as too slow. Default 1 MiB. */
  maxBufferedBytes?: number;
  /** Open gateway connections per client address; one more is refused with 429. Default 128. */
  maxConnectionsPerClient?: number;
  /** Carries broadcasts between instances; default in-process (also settable with `app.override(BROADCASTER, ...)`). */
  broadcaster?: Broadcaster;
  /**
   * Browser origins allowed to open a WebSocket, for every gateway that names none and for
   * GraphQL subscriptions; default any. An upgrade with another `Origin` gets 403, one without
   * `Origin` (a client that is not a browser) passes.
   */
  origins?: OriginAllowList;
}

/** The limits every gateway of an application runs with. */
export interface WebSocketLimits {
  maxPayload: number;
  heartbeatIntervalMs: number;
  maxBufferedBytes: number;
  maxConnectionsPerClient: number;
}

const DEFAULT_LIMITS: WebSocketLimits = {
  maxPayload: 64 * 1024,
  heartbeatIntervalMs: 30_000,
  maxBufferedBytes: 1024 * 1024,
  maxConnectionsPerClient: DEFAULT_CONNECTIONS_PER_CLIENT,
};

/** The limits with their defaults filled in; refuses, at `ready()`, a value that is not a positive integer. */
export function resolveLimits(options: WebSocketOptions = {}): WebSocketLimits {
  const limits = { ...DEFAULT_LIMITS };
  for (const name of Object.keys(DEFAULT_LIMITS) as (keyof WebSocketLimits)[]) {
    const value = options[name];
    if (value === undefined) continue;
    if (!Number.isInteger(value) || value <= 0)
      throw trellisError(
        'TRELLIS_ERR_INVALID_OPTION',
        `options.websocket.${name}`,
        `must be a positive integer, got ${String(value)}`,
      );
    limits[name] = value;
  }
  return limits;
}
