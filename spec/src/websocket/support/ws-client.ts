import { type ClientOptions, WebSocket } from 'ws';

const WAIT_MS = 3000;

/** How a connection ended, as the client saw it. */
export interface Closed {
  code: number;
  reason: string;
}

/** A real `ws` client that keeps every message it receives, for specs to take in order. */
export class TestClient {
  readonly received: unknown[] = [];
  readonly closed: Promise<Closed>;
  private waiter?: () => void;

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data) => {
      this.received.push(JSON.parse(data.toString()));
      this.waiter?.();
    });
    this.closed = new Promise((resolve) => {
      socket.once('close', (code, reason) => resolve({ code, reason: reason.toString() }));
    });
  }

  /** Opens a connection, offering `protocols` when given; rejects when the upgrade is refused. */
  static connect(url: string, options?: ClientOptions, protocols?: string[]): Promise<TestClient> {
    const socket = protocols ? new WebSocket(url, protocols, options) : new WebSocket(url, options);
    const client = new TestClient(socket);
    return new Promise((resolve, reject) => {
      socket.once('open', () => resolve(client));
      socket.once('error', reject);
    });
  }

  /** The next message not taken yet, waiting for it at most `timeoutMs`. */
  async next(timeoutMs = WAIT_MS): Promise<any> {
    const deadline = Date.now() + timeoutMs;
    while (this.received.length === 0) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no message within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiter = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.waiter = undefined;
    }
    return this.received.shift();
  }

  /** Sends `data` as JSON. */
  send(data: unknown): void {
    this.socket.send(JSON.stringify(data));
  }

  /** Sends and waits for the next message. */
  async ask(data: unknown): Promise<any> {
    this.send(data);
    return this.next();
  }

  /** Closes the connection and waits until it is closed. */
  async close(): Promise<Closed> {
    this.socket.close();
    return this.closed;
  }
}

/** How long the server may take to close a socket whose session ended. */
export const CLOSE_DEADLINE_MS = 2000;

/** How the server closed `client`, or a failure when it did not within `ms`. */
export async function closedWithin(client: TestClient, ms = CLOSE_DEADLINE_MS): Promise<Closed> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`still open after ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([client.closed, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** How an upgrade request was refused: the HTTP status and JSON body. */
export interface Refusal {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: any;
}

/** Attempts a connection that should be refused, and returns the refusal. */
export function refusal(url: string, options?: ClientOptions): Promise<Refusal> {
  const socket = new WebSocket(url, options);
  return new Promise((resolve, reject) => {
    socket.once('open', () => {
      socket.terminate();
      reject(new Error('the connection was accepted'));
    });
    socket.once('error', reject);
    socket.once('unexpected-response', (_req, res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => {
        socket.terminate();
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: JSON.parse(text) });
      });
    });
  });
}

/** `http://host:port` to `ws://host:port/path`. */
export function wsUrl(httpUrl: string, path: string): string {
  return httpUrl.replace(/^http/, 'ws') + path;
}

/** Waits until `check` holds, polling; fails after `timeoutMs`. */
export async function eventually(check: () => boolean, timeoutMs = WAIT_MS): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Waits `ms` then asserts nothing more arrived on any of `clients`. */
export async function expectSilence(ms: number, ...clients: TestClient[]): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, ms));
  for (const client of clients) {
    if (client.received.length > 0)
      throw new Error(`unexpected message: ${JSON.stringify(client.received[0])}`);
  }
}
