/** One server-sent event: `data` (a string as is, anything else as JSON), and optional `id`, `event`, `retry`. */
export interface SseEvent<T = unknown> {
  /** The payload. */
  data: T;
  /** Sent as `id:`; the client returns the last one it saw as `Last-Event-ID` when it reconnects. */
  id?: number | string;
  /** The event name (`event:`); the client's `message` listener hears unnamed ones. */
  event?: string;
  /** How long the client waits before reconnecting, in milliseconds. */
  retry?: number;
}

function isEvent(item: unknown): item is SseEvent {
  return typeof item === 'object' && item !== null && 'data' in item;
}

// A field value cannot hold a line break: the client would read the rest as another field.
function oneLine(value: string | number): string {
  return String(value).replace(/[\r\n]/g, ' ');
}

// One event object sent to many streams (a feed's fan-out) is formatted once.
const formatted = new WeakMap<object, string>();

/** The wire form of one item: an `SseEvent`, or plain data sent as an unnamed event. */
export function formatEvent(item: unknown): string {
  if (!isEvent(item)) return format({ data: item });
  let text = formatted.get(item);
  if (text === undefined) {
    text = format(item);
    formatted.set(item, text);
  }
  return text;
}

function format(event: SseEvent): string {
  let text = '';
  if (event.event !== undefined) text += `event: ${oneLine(event.event)}\n`;
  if (event.id !== undefined) text += `id: ${oneLine(event.id)}\n`;
  if (event.retry !== undefined) text += `retry: ${Math.trunc(Number(event.retry))}\n`;
  const data = typeof event.data === 'string' ? event.data : (JSON.stringify(event.data) ?? '');
  // Every line of a multi-line payload gets its own `data:`, which the client joins with '\n'.
  for (const line of data.split(/\r\n|\r|\n/)) text += `data: ${line}\n`;
  return `${text}\n`;
}

/** The heartbeat: a comment line, which clients ignore and proxies see as traffic. */
export const HEARTBEAT = ':\n\n';
