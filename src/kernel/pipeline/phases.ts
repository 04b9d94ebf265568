/**
 * The phases of a call, in the order they run; every transport runs those that apply to it
 * (a job has no `onSend`). See docs/architecture.md for the diagram.
 * - `onRequest`: around everything that follows (request context, spans, the app's middleware).
 * - `guard`: who calls (401 before 403); nothing below runs for a refused caller.
 * - `parse`: the body is read (a multipart body streamed to its sinks), before anything needs it.
 * - `preHandler`: around the handler, once the caller and the body are known (admission caps,
 *   `Idempotent()`): it may answer itself.
 * - `handler`: arguments extracted and validated, the owner resolved, the method called.
 * - `onSend`: the answer written (ETags, event streams, listeners told what was written).
 * - `onResponse`: after the answer (temporary files removed, the request scope disposed).
 */
export const PHASES = [
  'onRequest',
  'guard',
  'parse',
  'preHandler',
  'handler',
  'onSend',
  'onResponse',
] as const;

/** One phase of a call. */
export type Phase = (typeof PHASES)[number];
