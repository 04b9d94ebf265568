import { LuaScript, type RedisClient as Redis, withRedis } from '../redis';
import type { FeedSpan, FeedStore, StoredEvent } from './feed-store';

/** How a `RedisFeedStore` names its keys and how much it keeps. */
export interface RedisFeedStoreOptions {
  /** Prefix of every key, default `trellis:feed:`. */
  prefix?: string;
  /** Events kept per topic, at least (Redis trims approximately). Default 1000. */
  capacity?: number;
}

// The counter gives the integer id; the stream entry is `<id>-0`, so XRANGE reads by id. One
// script, so two instances never take the same id or add out of order.
const APPEND = new LuaScript(`
local id = redis.call('INCR', KEYS[2])
redis.call('XADD', KEYS[1], 'MAXLEN', '~', ARGV[2], id .. '-0', 'p', ARGV[1])
return id`);

/**
 * The last events of each topic in a Redis Stream shared by every instance, so that a client
 * that reconnects to another instance is replayed what it missed.
 */
export class RedisFeedStore implements FeedStore {
  private readonly prefix: string;
  private readonly capacity: number;

  /** Keeps the events in Redis through `redis` (commands: not a subscriber connection). */
  constructor(
    private readonly redis: Redis,
    options: RedisFeedStoreOptions = {},
  ) {
    this.prefix = options.prefix ?? 'trellis:feed:';
    this.capacity = options.capacity ?? 1000;
  }

  /** Adds `payload` to the topic's stream under the next id, trimming the oldest; resolves to the id (503 while Redis is down). */
  append(topic: string, payload: string): Promise<number> {
    const key = this.prefix + topic;
    return withRedis(this.redis, async () =>
      Number(await APPEND.run(this.redis, [key, `${key}:seq`], [payload, this.capacity])),
    );
  }

  /** The kept events of `topic` after `lastId`, oldest first (503 while Redis is down). */
  after(topic: string, lastId: number): Promise<StoredEvent[]> {
    return withRedis(this.redis, async () => {
      const entries = (await this.redis.call('XRANGE', this.prefix + topic, `${lastId + 1}-0`, '+')) as [
        string,
        string[],
      ][];
      return entries.map(([id, fields]) => ({ id: Number.parseInt(id, 10), payload: fields[1] }));
    });
  }

  /** The oldest kept id of `topic` and the last given (503 while Redis is down). */
  span(topic: string): Promise<FeedSpan> {
    const key = this.prefix + topic;
    return withRedis(this.redis, async () => {
      const [newest, oldest] = await Promise.all([
        this.redis.call('GET', `${key}:seq`) as Promise<string | null>,
        this.redis.call('XRANGE', key, '-', '+', 'COUNT', '1') as Promise<[string, string[]][]>,
      ]);
      const last = Number(newest ?? 0);
      return { oldest: oldest.length > 0 ? Number.parseInt(oldest[0][0], 10) : last + 1, newest: last };
    });
  }
}
