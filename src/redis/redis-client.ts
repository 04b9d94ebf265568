type Argument = string | number | Buffer;
type Listener = (...args: any[]) => void;

/**
 * The part of an ioredis client Trellis uses, as its public types show it: an ioredis `Redis`
 * fits it, and the declarations compile in an application without ioredis installed. Cast to
 * `import('ioredis').Redis` for the rest of its API.
 */
export interface RedisClient {
  /** The connection's status (`ready`, `reconnecting`, `end`, ...). */
  readonly status: string;
  /** The options the client was made with. */
  readonly options: { commandTimeout?: number };
  /** Sends any command. */
  call(command: string, ...args: Argument[]): Promise<unknown>;
  /** Runs a Lua script. */
  eval(script: string, numKeys: number, ...args: Argument[]): Promise<unknown>;
  /** Runs a Lua script the server has cached, by its SHA-1. */
  evalsha(sha: string, numKeys: number, ...args: Argument[]): Promise<unknown>;
  /** How many of `keys` exist. */
  exists(...keys: string[]): Promise<number>;
  /** PING: answers while the server is reachable. */
  ping(): Promise<unknown>;
  /** SET with an expiry in milliseconds. */
  set(key: string, value: string, millisecondsToken: 'PX', milliseconds: number): Promise<unknown>;
  /** Publishes `message` on `channel`; resolves to how many received it. */
  publish(channel: string, message: string): Promise<number>;
  /** Subscribes to channels (a subscriber connection only). */
  subscribe(...channels: string[]): Promise<unknown>;
  /** Unsubscribes from channels. */
  unsubscribe(...channels: string[]): Promise<unknown>;
  /** Connects (clients are made with lazy connection). */
  connect(): Promise<void>;
  /** Closes the connection once pending commands are answered. */
  quit(): Promise<unknown>;
  /** Closes the connection at once. */
  disconnect(): void;
  /** Adds an event listener (`ready`, `error`, `message`, ...). */
  on(event: string, listener: Listener): unknown;
  /** Adds a listener for the next event only. */
  once(event: string, listener: Listener): unknown;
  /** Removes an event listener. */
  off(event: string, listener: Listener): unknown;
}
