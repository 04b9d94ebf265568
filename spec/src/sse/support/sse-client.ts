import { type ClientRequest, type IncomingMessage, request } from 'node:http';

/** One event as a client reads it. */
export interface ReceivedEvent {
  id?: string;
  event?: string;
  data: string;
}

const WAIT_MS = 5000;

/** A minimal `text/event-stream` reader over node:http: records events and comments as they come. */
export class SseClient {
  readonly events: ReceivedEvent[] = [];
  comments = 0;
  readonly ended: Promise<void>;
  private buffer = '';
  private waiters: (() => void)[] = [];

  private constructor(
    readonly response: IncomingMessage,
    private readonly req: ClientRequest,
  ) {
    response.setEncoding('utf8');
    this.ended = new Promise((resolve) => {
      response.on('close', () => {
        resolve();
        this.wake();
      });
    });
    response.on('data', (chunk: string) => this.read(chunk));
    response.on('error', () => {});
  }

  /** Opens `url`; resolves once the head arrives, whatever its status. */
  static open(url: string, headers: Record<string, string> = {}): Promise<SseClient> {
    return new Promise((resolve, reject) => {
      const req = request(url, { headers: { accept: 'text/event-stream', ...headers } }, (res) =>
        resolve(new SseClient(res, req)),
      );
      req.on('error', reject);
      req.end();
    });
  }

  get status(): number {
    return this.response.statusCode ?? 0;
  }

  /** Resolves when `count` events have arrived; rejects after a few seconds, or if the stream ends first. */
  async waitFor(count: number, ms = WAIT_MS): Promise<ReceivedEvent[]> {
    const deadline = Date.now() + ms;
    while (this.events.length < count) {
      if (Date.now() > deadline) throw new Error(`waited for ${count} events, got ${this.events.length}`);
      if (this.response.readableEnded || this.response.destroyed)
        throw new Error(`stream ended after ${this.events.length} of ${count} events`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 50);
      });
    }
    return this.events.slice(0, count);
  }

  /** The whole body, for answers that are not streams. */
  async text(): Promise<string> {
    await this.ended;
    return this.buffer;
  }

  close(): void {
    this.req.destroy();
  }

  private read(chunk: string): void {
    const streaming = String(this.response.headers['content-type']).startsWith('text/event-stream');
    this.buffer += chunk;
    if (!streaming) return;
    let end = this.buffer.indexOf('\n\n');
    while (end !== -1) {
      this.parse(this.buffer.slice(0, end));
      this.buffer = this.buffer.slice(end + 2);
      end = this.buffer.indexOf('\n\n');
    }
    this.wake();
  }

  private parse(block: string): void {
    const data: string[] = [];
    const event: Partial<ReceivedEvent> = {};
    let fields = 0;
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const name = line.slice(0, colon);
      const value = line.slice(colon + 1).replace(/^ /, '');
      fields++;
      if (name === 'data') data.push(value);
      else if (name === 'id') event.id = value;
      else if (name === 'event') event.event = value;
    }
    if (fields === 0) this.comments++;
    else this.events.push({ ...event, data: data.join('\n') });
  }

  private wake(): void {
    for (const waiter of this.waiters.splice(0)) waiter();
  }
}

/** Resolves true when `client`'s stream ends within `ms`, false otherwise. */
export async function endsWithin(client: SseClient, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  const result = await Promise.race([client.ended.then(() => true), timeout]);
  clearTimeout(timer);
  return result;
}
