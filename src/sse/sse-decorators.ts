import { recordParam } from '../decorators/params';
import { metadataRegistry } from '../kernel/metadata/registry';

/** The key of `Sse` in a method's `extras`. */
export const SSE_EXTRA = 'sse';

/**
 * Serves GET `path` as `text/event-stream`: the handler returns an async iterable of events
 * (`{ data, id?, event?, retry? }`) or of plain data, each written as it arrives.
 * @example @Sse('/events') events() { return feed.stream('tasks'); }
 */
export function Sse(path = ''): MethodDecorator {
  return (target, key) => {
    const method = metadataRegistry.forMethod(target.constructor, key);
    method.http = { method: 'GET', path };
    method.extras = { ...method.extras, [SSE_EXTRA]: true };
  };
}

/** The client's `Last-Event-ID` header (the last event it received before reconnecting), if any. */
export function LastEventId(): ParameterDecorator {
  return recordParam({ kind: 'lastEventId' });
}
