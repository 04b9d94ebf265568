import type { RequestContext } from './request-context';
import type { ResponseWriter } from './response-writer';

/** An answer as the route's writer put it on the wire. */
export interface WrittenAnswer {
  status: number;
  /** The serialised JSON body; absent for an empty answer. */
  body?: string;
  headers?: Record<string, string>;
}

/** Called once the answer of one request is written. */
export type AnswerListener = (answer: WrittenAnswer) => void;

const listeners = new WeakMap<RequestContext, AnswerListener>();

/** Calls `listener` with the answer of `ctx` once the route writes it. */
export function onAnswer(ctx: RequestContext, listener: AnswerListener): void {
  listeners.set(ctx, listener);
}

function told(ctx: RequestContext, answer: WrittenAnswer): void {
  const listener = listeners.get(ctx);
  if (!listener) return;
  listeners.delete(ctx);
  listener(answer);
}

/** The writer of a route with interceptors: it tells each request's listener what it wrote. */
export function withAnswerListeners(writer: ResponseWriter): ResponseWriter {
  return {
    sent: (ctx) => writer.sent(ctx),
    chosenStatus: (ctx) => writer.chosenStatus(ctx),
    // A streamed answer has no body to remember: its listener is never told.
    takeOver: (ctx) => writer.takeOver(ctx),
    json(ctx, status, body, headers) {
      writer.json(ctx, status, body, headers);
      told(ctx, { status, body, headers });
    },
    empty(ctx, status, headers) {
      writer.empty(ctx, status, headers);
      told(ctx, { status, headers });
    },
  };
}
