import type { RequestContext } from '../http/request-context';

import type { ResponseWriter } from '../http/response-writer';
import type { WrittenAnswer } from '../http/written-answer';

/** Called once the answer of one request is written. */
export type AnswerListener = (answer: WrittenAnswer) => void;

// Several interceptors of one route may each listen to its request.
const listeners = new WeakMap<RequestContext, AnswerListener[]>();

/** Calls `listener` with the answer of `ctx` once the route writes it, after the listeners registered before it. */
export function onAnswer(ctx: RequestContext, listener: AnswerListener): void {
  const registered = listeners.get(ctx);
  if (registered) registered.push(listener);
  else listeners.set(ctx, [listener]);
}

function told(ctx: RequestContext, answer: WrittenAnswer): void {
  const registered = listeners.get(ctx);
  if (!registered) return;
  listeners.delete(ctx);
  // A listener that throws does not keep the others from hearing the answer (one may free a key).
  let failure: { error: unknown } | undefined;
  for (const listener of registered) {
    try {
      listener(answer);
    } catch (error) {
      failure ??= { error };
    }
  }
  if (failure) throw failure.error;
}

/** The writer of a route with interceptors: it tells each request's listeners what it wrote. */
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
