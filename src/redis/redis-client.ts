type Argument = string | number | Buffer;
type Listener = (...args: any[]) => void;

/**
 * The part of an ioredis client Trellis uses, as its public types show it: an ioredis `Redis`
 * fits it, and the declarations compile in an application without ioredis installed. Cast to
 * `import('ioredis').Redis` for the rest of its API.
 */
export interface RedisClient {
  readonly status: string;
  readonly options: { commandTimeout?: number };
  call(command: string, ...args: Argument[]): Promise<unknown>;
  eval(script: string, numKeys: number, ...args: Argument[]): Promise<unknown>;
  evalsha(sha: string, numKeys: number, ...args: Argument[]): Promise<unknown>;
  exists(...keys: string[]): Promise<number>;
  ping(): Promise<unknown>;
  set(key: string, value: string, millisecondsToken: 'PX', milliseconds: number): Promise<unknown>;
  publish(channel: string, message: string): Promise<number>;
  subscribe(...channels: string[]): Promise<unknown>;
  unsubscribe(...channels: string[]): Promise<unknown>;
  connect(): Promise<void>;
  quit(): Promise<unknown>;
  disconnect(): void;
  on(event: string, listener: Listener): unknown;
  once(event: string, listener: Listener): unknown;
  off(event: string, listener: Listener): unknown;
}
