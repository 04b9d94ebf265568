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

/** The wire form of one item: an `SseEvent`, or plain data sent as an unnamed event. */
export function formatEvent(item: unknown): string {
  const event: SseEvent = isEvent(item) ? item : { data: item };
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
