/** Whether `value` is a plain JSON object (not an array, a string, null). */
function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A custom error body where a transport carries it inside its own frame (GraphQL `extensions`, a
 * WebSocket error message): an object's fields, any other value as `body`, then the transport's
 * own fields (`code`, `type`, ...), which win, so clients still branch on them.
 */
export function carriedBody(
  body: unknown,
  own: Record<string, unknown>,
  first: Record<string, unknown> = {},
): Record<string, unknown> {
  return Object.assign(first, isRecord(body) ? body : { body }, own);
}
