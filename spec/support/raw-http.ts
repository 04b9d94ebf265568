import { connect, type Socket } from 'node:net';

/** One answer read off a raw connection. */
export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * One kept-alive HTTP/1.1 connection written by hand, so that a spec controls exactly when each
 * request goes out and sees the connection's own end (a reset or a clean close).
 */
export class RawConnection {
  /** Resolves with 'end' when the server closed the connection cleanly, or the error's code. */
  readonly ended: Promise<string>;
  private buffer = Buffer.alloc(0);
  private waiting?: () => void;
  private endedAs?: string;
  private readonly socket: Socket;

  private constructor(socket: Socket) {
    this.socket = socket;
    this.ended = new Promise((resolve) => {
      const finish = (how: string) => {
        this.endedAs ??= how;
        this.waiting?.();
        resolve(this.endedAs);
      };
      socket.on('data', (chunk: Buffer) => {
        this.buffer = Buffer.concat([this.buffer, chunk]);
        this.waiting?.();
      });
      socket.once('error', (err: NodeJS.ErrnoException) => finish(err.code ?? 'error'));
      socket.once('close', () => finish('end'));
    });
  }

  /** Opens a connection to 127.0.0.1:port. */
  static open(port: number): Promise<RawConnection> {
    return new Promise((resolve, reject) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => resolve(new RawConnection(socket)));
      socket.once('error', reject);
    });
  }

  /** Writes one request; a body goes as JSON. */
  send(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): void {
    const payload = body === undefined ? '' : JSON.stringify(body);
    const lines = [`${method} ${path} HTTP/1.1`, 'Host: 127.0.0.1', 'Connection: keep-alive'];
    for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
    if (body !== undefined)
      lines.push('Content-Type: application/json', `Content-Length: ${Buffer.byteLength(payload)}`);
    this.socket.write(`${lines.join('\r\n')}\r\n\r\n${payload}`);
  }

  /** Writes bytes exactly as given (a malformed request, say). */
  write(raw: string): void {
    this.socket.write(raw);
  }

  /** The next answer on the connection; rejects when the connection ends before one arrives. */
  async response(): Promise<RawResponse> {
    for (;;) {
      const parsed = this.parse();
      if (parsed) return parsed;
      if (this.endedAs) throw new Error(`connection ended (${this.endedAs}) before an answer`);
      await new Promise<void>((resolve) => {
        this.waiting = resolve;
      });
    }
  }

  /** Whether the connection is still open. */
  get open(): boolean {
    return this.endedAs === undefined;
  }

  destroy(): void {
    this.socket.destroy();
  }

  private parse(): RawResponse | undefined {
    const head = this.buffer.indexOf('\r\n\r\n');
    if (head === -1) return undefined;
    const [statusLine, ...lines] = this.buffer.subarray(0, head).toString('latin1').split('\r\n');
    const headers: Record<string, string> = {};
    for (const line of lines) {
      const colon = line.indexOf(':');
      headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
    }
    const length = Number(headers['content-length'] ?? 0);
    if (this.buffer.length < head + 4 + length) return undefined;
    const body = this.buffer.subarray(head + 4, head + 4 + length).toString('utf8');
    this.buffer = this.buffer.subarray(head + 4 + length);
    return { status: Number(statusLine.split(' ')[1]), headers, body };
  }
}
