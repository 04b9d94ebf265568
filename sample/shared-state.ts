import type { Logger } from 'pino';
import type { SampleConfig } from './config';
import {
  type Broadcaster,
  InMemoryTokenDenyList,
  InMemoryTokenStore,
  LocalBroadcaster,
  type RateLimitStore,
  type TokenDenyList,
  type TokenStore,
} from './trellis';

/**
 * Everything that must be shared for several instances to act as one: sessions and refresh
 * tokens, revoked access tokens, rate-limit counters and WebSocket fan-out.
 */
export interface SharedState {
  tokenStore: TokenStore;
  denyList: TokenDenyList;
  broadcaster: Broadcaster;
  /** A store for the limiter called `name`; `undefined` lets the limiter count in memory. */
  rateLimitStore(name: string): RateLimitStore | undefined;
  /** Releases connections (Redis); called when the application closes. */
  close(): Promise<void>;
}

/**
 * The one place that decides where shared state lives. In memory for one instance; with
 * `REDIS_URL` this is where the Redis-backed store, deny-list, counters and broadcaster go.
 * @example const state = createSharedState(config, app.logger);
 */
export function createSharedState(config: SampleConfig, logger?: Logger): SharedState {
  if (config.redisUrl)
    logger?.warn(
      'REDIS_URL is set, but this build keeps tokens, counters and WebSocket fan-out in memory: run one instance',
    );
  return {
    tokenStore: new InMemoryTokenStore(),
    denyList: new InMemoryTokenDenyList(),
    broadcaster: new LocalBroadcaster(),
    rateLimitStore: () => undefined,
    close: async () => {},
  };
}
