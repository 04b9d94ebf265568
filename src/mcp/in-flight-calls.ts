/**
 * The calls in flight in this process, by caller and JSON-RPC id, so that a cancellation, which
 * a stateless client sends in a request of its own, reaches the call it names. A caller is its
 * bearer token, or its address without one: a client can cancel only its own calls.
 */
export class InFlightCalls {
  private readonly calls = new Map<string, AbortController>();

  /** The key of call `id` of the caller `callerKey`. */
  static key(callerKey: string, id: string | number): string {
    return `${callerKey}\u0000${typeof id}:${id}`;
  }

  /** Notes a call; its controller aborts when it is cancelled. */
  start(key: string): AbortController {
    const controller = new AbortController();
    this.calls.set(key, controller);
    return controller;
  }

  /** Forgets a call once answered (unless another call of the same key took its place). */
  finish(key: string, controller: AbortController): void {
    if (this.calls.get(key) === controller) this.calls.delete(key);
  }

  /** Cancels the calls of `callerKey` that the `notifications/cancelled` among `messages` name. */
  cancelNamedIn(messages: readonly object[], callerKey: string): void {
    for (const message of messages) {
      const { method, params } = message as {
        method?: string;
        params?: { requestId?: unknown; reason?: unknown };
      };
      if (method !== 'notifications/cancelled') continue;
      const id = params?.requestId;
      if (typeof id === 'string' || typeof id === 'number')
        this.calls.get(InFlightCalls.key(callerKey, id))?.abort(params?.reason ?? 'cancelled');
    }
  }
}
