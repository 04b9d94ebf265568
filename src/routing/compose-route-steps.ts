import type { RequestContext } from '../http/request-context';
import type { ResponseWriter } from '../http/response-writer';
import type { RouteSteps } from './route-hook';

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
