/**
 * Shares one pending lookup between concurrent callers with the same key: the guards of one
 * GraphQL operation's fields check one session at once, and with one query they also answer
 * together, so the loaders after them still batch.
 */
export class Coalesced<T> {
  private readonly pending = new Map<string, Promise<T>>();

  /** The pending lookup of `key`, or a new one from `lookup`. */
  get(key: string, lookup: () => Promise<T>): Promise<T> {
    let promise = this.pending.get(key);
    if (!promise) {
      promise = lookup().finally(() => this.pending.delete(key));
      this.pending.set(key, promise);
    }
    return promise;
  }
}
