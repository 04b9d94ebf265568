export { closeRedisClient } from './close-redis-client';
export { createRedisClient } from './create-redis-client';
export { isNoScriptError, LuaScript } from './lua-script';
export type { RedisClient } from './redis-client';
export { REDIS_CLIENT_DEFAULTS, type RedisClientOptions } from './redis-client-options';
export { REDIS_UNAVAILABLE_MESSAGE, redisUnavailable } from './redis-unavailable';
export { withRedis } from './with-redis';
