export { type AttemptLimit, type AttemptLimitOptions, attemptLimit } from './attempt-limit';
export { clientAddress, type RateLimitRequest } from './client-address';
export { answeringThroughNext, isRateLimiter, type RateLimiter, rateLimit } from './rate-limit';
export { capReached, type RateLimitState, rateLimitFields } from './rate-limit-fields';
export type {
  RateLimitKeyGenerator,
  RateLimitLogger,
  RateLimitOptions,
  RateLimitStore,
} from './rate-limit-options';
export { type RedisRateLimitStoreOptions, redisRateLimitStore } from './redis-rate-limit-store';
