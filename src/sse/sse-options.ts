import { DEFAULT_CONNECTIONS_PER_CLIENT } from '../websocket';

/** Server-sent event settings of an application (`createApp({ sse: {...} })`). */
export interface SseOptions {
  /** How often an idle stream gets a heartbeat comment. Default 15 s. */
  heartbeatMs?: number;
  /** Bytes a client may leave unread before it is disconnected as too slow. Default 1 MiB. */
  maxBufferedBytes?: number;
  /** Open event streams per client address; one more is a 429. Default 128. */
  maxConnectionsPerClient?: number;
}

/** The settings with their defaults filled in. */
export type SseLimits = Required<SseOptions>;

const DEFAULTS: SseLimits = {
  heartbeatMs: 15_000,
  maxBufferedBytes: 1024 * 1024,
  maxConnectionsPerClient: DEFAULT_CONNECTIONS_PER_CLIENT,
};

/** The options over the defaults (the options schema has checked them at `createApp`). */
export function resolveSseLimits(options: SseOptions = {}): SseLimits {
  const limits = { ...DEFAULTS };
  for (const name of Object.keys(DEFAULTS) as (keyof SseLimits)[])
    if (options[name] !== undefined) limits[name] = options[name];
  return limits;
}
