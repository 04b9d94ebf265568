/** Where the Redis auth stores keep their keys. */
export interface RedisAuthOptions {
  /**
   * Prepended to every key; default `'trellis:auth:'`. Instances that act as one share it;
   * applications sharing one Redis use different ones.
   */
  prefix?: string;
}

/** The key prefix of the Redis auth stores unless told otherwise. */
export const DEFAULT_AUTH_PREFIX = 'trellis:auth:';
