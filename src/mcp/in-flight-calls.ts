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

  /** Cancels the call of that key, if it is in flight here. */
  cancel(key: string, reason: unknown): void {
    this.calls.get(key)?.abort(reason);
  }
}
