import type { OptionalPeerTypes } from '../optional';
import type { RedisClient } from './redis-client';

/** ioredis's `Redis` once `trellis/redis` is imported; the structural `RedisClient` before. */
export type RedisNative = OptionalPeerTypes extends { redis: infer R } ? R : RedisClient;
