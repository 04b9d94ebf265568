import type { RequestContext } from '../http/request-context';
import { HTTP_STATUS, sessionOf } from '../kernel';
import { capReached, clientAddress } from '../rate-limit';
import type { RouteExtension } from '../routing';
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
 * `Sse` routes: the client's place is reserved after the guards (429 past the cap, before the
 * handler runs), the handler's iterable is streamed, and the stream ends with the session.
 */
export function sseExtension(streams: SseStreams): RouteExtension {
  return {
    compile(handler) {
      if (!handler.get(SSE_ROUTE)) {
        return handler.params.some((p) => p.kind === 'lastEventId')
          ? { readers: lastEventIdReader }
          : undefined;
      }
      return {
        readers: lastEventIdReader,
        longLived: true,
        prepare(ctx: WithPlace) {
          const client = clientAddress(ctx.req);
          if (!streams.reserve(client))
            throw capReached(
              'Too many open event streams',
              'event-streams',
              streams.limits.maxConnectionsPerClient,
            );
          ctx[PLACE] = client;
        },
        answer(ctx: WithPlace, result, writer) {
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
        // The handler failed before its stream opened: the place goes back.
        release(ctx: WithPlace) {
          const client = ctx[PLACE];
          if (client !== undefined) streams.release(client);
        },
      };
    },
  };
}
