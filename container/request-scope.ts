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

  /** Releases every instance that knows how; errors are reported, never thrown into the response. */
  async dispose(onError: (err: unknown) => void): Promise<void> {
    for (const value of this.instances.values()) {
      const instance = (value && typeof value === 'object' ? value : undefined) as Disposable | undefined;
      if (!instance) continue;
      try {
        if (typeof instance[Symbol.asyncDispose] === 'function') await instance[Symbol.asyncDispose]!();
        else if (typeof instance.dispose === 'function') await instance.dispose();
      } catch (err) {
        onError(err);
      }
    }
    this.instances.clear();
  }
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
