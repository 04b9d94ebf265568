import type { ResponseWriter } from '../http/response-writer';
import type { RequestContext } from './request-context';
import type { RouteSteps } from './route-hook';

type Around = RouteSteps['onRequest'];

/** The `onRequest` steps nested, the first outermost; `undefined` when there are none. */
export function composeArounds(arounds: readonly Around[]): Around | undefined {
  if (arounds.length === 0) return undefined;
  return arounds.reduce(
    (outer, inner): Around =>
      (ctx, call) =>
        outer(ctx, (inside) => inner(inside, call)),
  );
}

/** The `onSend` steps as one writer of results, ending with `last` (the JSON writer). */
export function composeSend(
  sends: readonly RouteSteps['onSend'][],
  writer: ResponseWriter,
  last: (ctx: RequestContext, result: unknown) => void,
): (ctx: RequestContext, result: unknown) => void {
  return sends.reduceRight(
    (next: (ctx: RequestContext, result: unknown) => void, send) => (ctx, result) =>
      send(ctx, result, writer, (passed) => next(ctx, passed)),
    last,
  );
}

/** The `onResponse` steps, every one run even when another throws; `undefined` when there are none. */
export function composeResponses(
  responses: readonly RouteSteps['onResponse'][],
): RouteSteps['onResponse'] | undefined {
  if (responses.length === 0) return undefined;
  if (responses.length === 1) return responses[0];
  return (ctx, failed) => {
    let error: unknown;
    let threw = false;
    for (const respond of responses) {
      try {
        respond(ctx, failed);
      } catch (err) {
        if (!threw) [error, threw] = [err, true];
      }
    }
    if (threw) throw error;
  };
}
