import { recordParam } from '../decorators';
import { metadataKey, metadataRegistry } from '../kernel';
import { HTTP_ROUTE, MEDIA_ANSWER } from '../routing';

/** Marks a method whose route `Sse` declared: its answer is an event stream. */
export const SSE_ROUTE = metadataKey<true>('sse');

/**
 * Serves GET `path` as `text/event-stream`: the handler returns an async iterable of events
 * (`{ data, id?, event?, retry? }`) or of plain data, each written as it arrives.
 * @example @Sse('/events') events() { return feed.stream('tasks'); }
 */
export function Sse(path = ''): MethodDecorator {
  return (target, key) => {
    const method = metadataRegistry.forMethod(target.constructor, key);
    method.set(HTTP_ROUTE, { method: 'GET', path });
    method.set(SSE_ROUTE, true);
    method.set(MEDIA_ANSWER, {
      mediaType: 'text/event-stream',
      schema: { type: 'string' },
      description: 'A stream of server-sent events',
    });
  };
}

/** The client's `Last-Event-ID` header (the last event it received before reconnecting), if any. */
export function LastEventId(): ParameterDecorator {
  return recordParam({ kind: 'lastEventId' });
}
