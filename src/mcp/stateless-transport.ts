import type { ServerResponse } from 'node:http';
import type { Transport, TransportSendOptions } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage, MessageExtraInfo } from '@modelcontextprotocol/sdk/types.js';
import { InFlightCalls } from './in-flight-calls';
import { messageParts, messageText } from './serialized-json';

type RequestId = string | number;

const EVENT_STREAM_HEADERS = {
  'content-type': 'text/event-stream',
  'cache-control': 'no-cache, no-transform',
  'x-accel-buffering': 'no',
};
/** How often an event stream with nothing to say sends a comment, so that proxies keep it open. */
const KEEP_ALIVE_MS = 15_000;

/** How one MCP request is answered. */
export interface StatelessAnswer {
  /** An event stream (its calls may send notifications), else one JSON body once every call is answered. */
  stream: boolean;
  /** The messages came as a JSON array: so go the answers. */
  batch: boolean;
  /** The calls in flight in this process, and whose these are (for cancellations). */
  calls: InFlightCalls;
  callerKey: string;
}

function responseId(message: JSONRPCMessage): RequestId | undefined {
  return 'id' in message && ('result' in message || 'error' in message)
    ? (message.id as RequestId)
    : undefined;
}

function isRequest(message: JSONRPCMessage): message is JSONRPCMessage & { id: RequestId; method: string } {
  return 'method' in message && 'id' in message;
}

/**
 * MCP's Streamable HTTP transport for one POST of a stateless server, on Node's response: the
 * SDK's server reads the POST's messages from it and writes its answers to it. Messages holding
 * no request are answered 202; otherwise the answers go as one JSON body, or as an event stream
 * (with the notifications a call sends its caller meanwhile) that ends with the last answer.
 * Nothing outlives the POST: a cancelled call is answered no more, a caller gone cancels the rest.
 */
export class StatelessTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage, extra?: MessageExtraInfo) => void;

  private readonly pending = new Map<RequestId, { key: string; controller: AbortController }>();
  private readonly answers: JSONRPCMessage[] = [];
  private finished = false;
  private keepAlive?: NodeJS.Timeout;

  constructor(
    private readonly res: ServerResponse,
    private readonly answer: StatelessAnswer,
  ) {
    res.once('close', () => {
      if (!this.finished) this.abandon();
    });
  }

  async start(): Promise<void> {}

  /** Hands the POST's messages to the server. */
  receive(messages: readonly JSONRPCMessage[], extra?: MessageExtraInfo): void {
    const { calls, callerKey } = this.answer;
    for (const message of messages) {
      if (!isRequest(message)) continue;
      const key = InFlightCalls.key(callerKey, message.id);
      const controller = calls.start(key);
      this.pending.set(message.id, { key, controller });
      // A cancelled call is answered no more; it learns of it from its signal.
      controller.signal.addEventListener('abort', () => this.settle(message.id), { once: true });
    }
    if (this.pending.size === 0) {
      this.finished = true;
      this.res.writeHead(202).end();
    } else if (this.answer.stream) {
      this.res.writeHead(200, EVENT_STREAM_HEADERS);
      this.res.flushHeaders();
      this.keepAlive = setInterval(() => this.res.write(': keep-alive\n\n'), KEEP_ALIVE_MS).unref();
    }
    for (const message of messages) this.onmessage?.(message, extra);
  }

  /** The signal of call `id`: aborted when its caller cancels it or goes away. */
  signalOf(id: RequestId): AbortSignal | undefined {
    return this.pending.get(id)?.controller.signal;
  }

  async send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    if (this.finished) return;
    const id = responseId(message);
    if (id !== undefined && !this.pending.has(id)) return;
    if (this.answer.stream) {
      // A notification about no call of this POST has no stream to go on: a stateless server
      // keeps none open between requests.
      if (id === undefined && options?.relatedRequestId === undefined) return;
      this.res.write(`event: message\ndata: ${messageText(message)}\n\n`);
    } else if (id !== undefined) this.answers.push(message);
    if (id !== undefined) this.settle(id);
  }

  async close(): Promise<void> {
    this.onclose?.();
  }

  private settle(id: RequestId): void {
    const call = this.pending.get(id);
    if (!call) return;
    this.pending.delete(id);
    this.answer.calls.finish(call.key, call.controller);
    if (this.pending.size === 0 && !this.finished) this.finish();
  }

  private finish(): void {
    this.finished = true;
    clearInterval(this.keepAlive);
    if (this.answer.stream) {
      this.res.end();
      return;
    }
    // Every call was cancelled: nothing is answered, as MCP asks.
    if (this.answers.length === 0) {
      this.res.writeHead(202).end();
      return;
    }
    const parts = this.answer.batch
      ? [`[${this.answers.map(messageText).join(',')}]`]
      : messageParts(this.answers[0]);
    const length = parts.reduce((total, part) => total + Buffer.byteLength(part), 0);
    this.res.writeHead(200, { 'content-type': 'application/json', 'content-length': length });
    for (const part of parts) this.res.write(part);
    this.res.end();
  }

  // The caller went away before every call was answered: the rest are cancelled.
  private abandon(): void {
    this.finished = true;
    clearInterval(this.keepAlive);
    for (const [id, call] of [...this.pending]) {
      this.pending.delete(id);
      this.answer.calls.finish(call.key, call.controller);
      call.controller.abort('the client closed the connection');
    }
    void this.close();
  }
}
