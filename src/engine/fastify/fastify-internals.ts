import type { FastifyReply } from 'fastify';

type Hooks = readonly unknown[] | null;

/** The parts of a Fastify reply that decide whether an answer may skip `reply.send()`. */
interface ReplyInternals {
  /** The reply's route context: its `onSend` hooks, `null` when it has none. */
  readonly context: symbol;
  /** The headers set through `reply.header()`, not yet on the raw response. */
  readonly headers: symbol;
  /** The trailers set through `reply.trailer()`, `null` when none. */
  readonly trailers: symbol;
}

function symbolNamed(symbols: readonly symbol[], description: string): symbol | undefined {
  return symbols.find((symbol) => symbol.description === description);
}

// Fastify keys these by symbols it does not export; found once, from the first reply, on its
// own properties and its prototypes'. Undefined when a Fastify release names them otherwise.
function internalsOf(reply: FastifyReply): ReplyInternals | undefined {
  const symbols: symbol[] = [];
  for (let holder: object | null = reply; holder; holder = Object.getPrototypeOf(holder))
    symbols.push(...Object.getOwnPropertySymbols(holder));
  const context = symbolNamed(symbols, 'fastify.context');
  const headers = symbolNamed(symbols, 'fastify.reply.headers');
  const trailers = symbolNamed(symbols, 'fastify.reply.trailers');
  return context && headers && trailers ? { context, headers, trailers } : undefined;
}

let internals: ReplyInternals | null | undefined = null;

/**
 * The headers set through `reply.header()` when `reply` may be answered on its raw response
 * with what `reply.send()` would write: its route has no `onSend` hook (a plugin's, the one
 * Fastify gives HEAD routes), no trailers, and Fastify's internals are where this release keeps
 * them. `undefined` when it must go through `reply.send()`.
 */
export function directHeaders(reply: FastifyReply): Record<string, string> | undefined {
  if (internals === null) internals = internalsOf(reply);
  if (internals === undefined) return undefined;
  const held = reply as unknown as Record<symbol, unknown>;
  const context = held[internals.context] as { onSend: Hooks } | undefined;
  if (context?.onSend !== null || held[internals.trailers] !== null) return undefined;
  return held[internals.headers] as Record<string, string>;
}
