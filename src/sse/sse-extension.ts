import type { RequestContext } from '../http/request-context';
import { HTTP_STATUS, sessionOf } from '../kernel';
import { capReached, clientAddress } from '../rate-limit';
import type { RouteHook } from '../routing';
import { iteratorOf, STREAM_HEAD } from './event-stream';
import { SSE_ROUTE } from './sse-decorators';
import type { SseStreams } from './sse-streams';

// Where a request keeps the place it reserved until its stream takes it over.
const PLACE = Symbol('trellis.ssePlace');

type WithPlace = RequestContext & { [PLACE]?: string };

const lastEventIdReader = {
  lastEventId: () => ({
    read: (ctx: RequestContext) => {
      const value = ctx.headers['last-event-id'];
      return typeof value === 'string' && value !== '' ? value : undefined;
    },
    source: 'headers.last-event-id',
  }),
};

/**
 * `Sse` routes, in the preHandler phase: the client's place is reserved after the guards (429
 * past the cap, before the handler runs). Routes reading `LastEventId` get its reader.
 */
export function streamAdmissionHook(streams: SseStreams): RouteHook<'preHandler'> {
  return {
    name: 'event-stream admission',
    phase: 'preHandler',
    compile({ handler }) {
      if (!handler.get(SSE_ROUTE)) {
        return handler.params.some((p) => p.kind === 'lastEventId')
          ? { readers: lastEventIdReader }
          : undefined;
      }
      return {
        readers: lastEventIdReader,
        longLived: true,
        step(ctx: WithPlace, next) {
          const client = clientAddress(ctx.req);
          if (!streams.reserve(client))
            throw capReached(
              'Too many open event streams',
              'event-streams',
              streams.limits.maxConnectionsPerClient,
            );
          ctx[PLACE] = client;
          return next();
        },
      };
    },
  };
}

/** `Sse` routes, in the onSend phase: the handler's iterable is streamed, ending with the session. */
export function eventStreamHook(streams: SseStreams): RouteHook<'onSend'> {
  return {
    name: 'event stream',
    phase: 'onSend',
    compile({ handler }) {
      if (!handler.get(SSE_ROUTE)) return undefined;
      return {
        step(ctx: WithPlace, result, writer) {
          // Checked before the engine hands the response over, so a wrong result is still a 500.
          const iterator = iteratorOf(result);
          const res = writer.takeOver(ctx);
          if (ctx.method === 'HEAD') {
            // The head only: no stream is opened and the place stays free.
            res.writeHead(HTTP_STATUS.OK, STREAM_HEAD).end();
            void Promise.resolve(iterator.return?.()).catch(() => {});
            return;
          }
          const client = ctx[PLACE] as string;
          ctx[PLACE] = undefined;
          streams.start(res, iterator, client, sessionOf(ctx));
        },
      };
    },
  };
}

/** `Sse` routes whose handler failed before its stream opened: the place goes back. */
export function streamPlaceHook(streams: SseStreams): RouteHook<'onResponse'> {
  return {
    name: 'event-stream place',
    phase: 'onResponse',
    compile({ handler }) {
      if (!handler.get(SSE_ROUTE)) return undefined;
      return {
        step(ctx: WithPlace) {
          const client = ctx[PLACE];
          if (client !== undefined) streams.release(client);
        },
      };
    },
  };
}
