import type { InnerAnswer } from './route-dispatch';

/** One content block of an MCP result (text, image, audio, an embedded resource). */
export type ContentBlock = Record<string, unknown>;

/** An MCP `CallToolResult`. */
export interface ToolResult {
  content: ContentBlock[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
  [key: string]: unknown;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * What a provider's tool returned, as a result: an object is `structuredContent` and its JSON as
 * text (for clients that read only text), text is a text block, anything else its JSON.
 */
export function valueResult(value: unknown): ToolResult {
  if (value === undefined) return { content: [] };
  if (typeof value === 'string') return { content: [{ type: 'text', text: value }] };
  const text = JSON.stringify(value);
  if (!isRecord(value)) return { content: [{ type: 'text', text }] };
  // Parsed back, so that what is structured is what the text says (dates as strings, say).
  return { content: [{ type: 'text', text }], structuredContent: JSON.parse(text) };
}

/**
 * A refused or failed call: the error body as JSON text, and as `structuredContent` unless the tool
 * declares an output schema, which an error body would not match.
 */
export function errorResult(body: unknown, structured: boolean): ToolResult {
  const result: ToolResult = { content: [{ type: 'text', text: JSON.stringify(body) }], isError: true };
  if (structured && isRecord(body)) result.structuredContent = body;
  return result;
}

function mediaType(answer: InnerAnswer): string {
  const type = answer.headers['content-type'];
  return (typeof type === 'string' ? type.split(';')[0] : '').trim().toLowerCase();
}

function isJson(type: string): boolean {
  return type === 'application/json' || type.endsWith('+json');
}

// A success body that is not JSON: text as text, images and sounds as theirs, other bytes as an
// embedded resource.
function mediaResult(answer: InnerAnswer, type: string, uri: string): ToolResult {
  if (answer.body.length === 0) return { content: [] };
  if (type.startsWith('text/')) return { content: [{ type: 'text', text: answer.body.toString('utf8') }] };
  const data = answer.body.toString('base64');
  if (type.startsWith('image/')) return { content: [{ type: 'image', data, mimeType: type }] };
  if (type.startsWith('audio/')) return { content: [{ type: 'audio', data, mimeType: type }] };
  return {
    content: [
      { type: 'resource', resource: { uri, mimeType: type || 'application/octet-stream', blob: data } },
    ],
  };
}

/**
 * A route's answer as a tool result: a success with a JSON object body is `structuredContent` and
 * a JSON text block; an error answer is a tool error carrying its body (`hasOutputSchema`: the
 * tool declares the success body's shape, so an error body is text only).
 */
export function answerResult(answer: InnerAnswer, uri: string, hasOutputSchema: boolean): ToolResult {
  const type = mediaType(answer);
  const ok = answer.status >= 200 && answer.status < 300;
  if (!isJson(type)) {
    if (ok) return mediaResult(answer, type, uri);
    return errorResult(
      { statusCode: answer.status, message: answer.body.toString('utf8') },
      !hasOutputSchema,
    );
  }
  const text = answer.body.toString('utf8');
  let value: unknown;
  try {
    value = text === '' ? undefined : JSON.parse(text);
  } catch {
    value = text;
  }
  if (!ok) return errorResult(value, !hasOutputSchema);
  if (!isRecord(value)) return { content: [{ type: 'text', text }] };
  return { content: [{ type: 'text', text }], structuredContent: value };
}
