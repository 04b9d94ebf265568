// `trellis/redis`: `import type {} from 'trellis/redis'` types what `createRedisClient` returns
// as ioredis's `Redis`. It is a subpath of its own because it needs the optional ioredis types.
import type { Redis } from 'ioredis';

declare module '../optional/peer-types' {
  interface OptionalPeerTypes {
    redis: Redis;
  }
}

/** ioredis's client type, as `createRedisClient` returns it. */
export type { Redis };
