import { isThenable } from './is-thenable';

/** A disposable instance: request-scoped instances with one of these are released after the response. */
interface Disposable {
  dispose?(): unknown;
  [Symbol.asyncDispose]?(): PromiseLike<void>;
}

/** The instances that live for one request; shared by every dependency resolved in it. */
export class RequestScope {
  private readonly instances = new Map<unknown, unknown>();

  /** `owner` is the request the scope belongs to (its context), for bindings that read it. */
  constructor(
    /** What the scope belongs to (a request context), for bindings that read it. */
    readonly owner?: unknown,
  ) {}

  /** The instance stored under `key`, built by `create` on first use. */
  getOrCreate<T>(key: unknown, create: () => T): T {
    if (this.instances.has(key)) return this.instances.get(key) as T;
    const value = create();
    this.instances.set(key, value);
    return value;
  }

  /**
   * Releases every instance that knows how, newest first (a service before what it uses);
   * errors are reported, never thrown into the response. A scope with nothing to release (the
   * usual case) settles at once, without awaiting anything.
   */
  dispose(onError: (err: unknown) => void): Promise<void> {
    let releasing = false;
    for (const value of this.instances.values()) {
      if (!needsRelease(value)) continue;
      releasing = true;
      break;
    }
    if (!releasing) {
      this.instances.clear();
      return SETTLED;
    }
    const values = [...this.instances.values()].reverse();
    this.instances.clear();
    return release(values, onError);
  }
}

const SETTLED = Promise.resolve();

function needsRelease(value: unknown): boolean {
  try {
    if (isThenable(value)) return true;
    const instance = value as Disposable | undefined;
    return (
      typeof instance === 'object' &&
      instance !== null &&
      (typeof instance[Symbol.asyncDispose] === 'function' || typeof instance.dispose === 'function')
    );
  } catch {
    // An instance whose members throw when read: release() reports it.
    return true;
  }
}

async function release(values: unknown[], onError: (err: unknown) => void): Promise<void> {
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
