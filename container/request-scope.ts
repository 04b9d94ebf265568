/** A disposable instance: request-scoped instances with one of these are released after the response. */
interface Disposable {
  dispose?(): unknown;
  [Symbol.asyncDispose]?(): PromiseLike<void>;
}

/** The instances that live for one request; shared by every dependency resolved in it. */
export class RequestScope {
  private readonly instances = new Map<unknown, unknown>();

  /** The instance stored under `key`, built by `create` on first use. */
  getOrCreate<T>(key: unknown, create: () => T): T {
    if (this.instances.has(key)) return this.instances.get(key) as T;
    const value = create();
    this.instances.set(key, value);
    return value;
  }

  /**
   * Releases every instance that knows how, newest first (a service before what it uses);
   * errors are reported, never thrown into the response.
   */
  async dispose(onError: (err: unknown) => void): Promise<void> {
    const values = [...this.instances.values()].reverse();
    this.instances.clear();
    for (const value of values) {
      try {
        // A function dependency may resolve asynchronously; a rejection was already answered.
        const instance = (isThenable(value) ? await value.then(undefined, () => undefined) : value) as
          | Disposable
          | undefined;
        if (!instance || typeof instance !== 'object') continue;
        if (typeof instance[Symbol.asyncDispose] === 'function') await instance[Symbol.asyncDispose]!();
        else if (typeof instance.dispose === 'function') await instance.dispose();
      } catch (err) {
        onError(err);
      }
    }
  }
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof (value as PromiseLike<unknown> | undefined)?.then === 'function';
}

// Container resolution is synchronous, so the scope of the resolution under way can live in a
// plain variable instead of AsyncLocalStorage, which would cost every request.
let active: RequestScope | undefined;

/** Runs a synchronous container resolution with `scope` as the current request scope. */
export function withRequestScope<T>(scope: RequestScope, resolve: () => T): T {
  const previous = active;
  active = scope;
  try {
    return resolve();
  } finally {
    active = previous;
  }
}

/** The request scope of the resolution under way, if any. */
export function activeRequestScope(): RequestScope | undefined {
  return active;
}
