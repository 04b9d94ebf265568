import { AsyncLocalStorage } from 'node:async_hooks';
import type { Kysely, KyselyPlugin, Transaction } from 'kysely';

// The transaction of the current call, kept by AsyncLocalStorage: it follows the call through
// every await, and every singleton repository sees it without being built per request.
interface Current {
  root: Kysely<any>;
  trx: Transaction<any>;
}

const current = new AsyncLocalStorage<Current>();

/** The transaction of the current `Transactional()` call on `root`, if there is one. */
export function currentTransaction(root: Kysely<any>): Transaction<any> | undefined {
  const store = current.getStore();
  return store?.root === root ? store.trx : undefined;
}

/**
 * Runs `call` in one transaction on `root`: committed when it returns, rolled back when it
 * throws. A call already in a transaction on `root` joins it.
 */
export function runInTransaction<T>(root: Kysely<any>, call: () => T | Promise<T>): Promise<T> {
  if (currentTransaction(root)) return Promise.resolve().then(call);
  return root.transaction().execute(async (trx) => current.run({ root, trx }, call));
}

/** `kysely` (the root or a transaction) with `plugins` added in order; itself when there are none. */
export function withPlugins<K extends { withPlugin(plugin: KyselyPlugin): K }>(
  kysely: K,
  plugins: readonly KyselyPlugin[],
): K {
  return plugins.reduce((current, plugin) => current.withPlugin(plugin), kysely);
}

/**
 * The `Database` every class is given: `root`, or the current call's transaction on it, each with
 * `plugins` (the transaction is the same connection either way: only the queries' shape changes).
 * Methods are looked up on whichever applies at the moment of the call.
 */
export function transactionAware<DB>(root: Kysely<DB>, plugins: readonly KyselyPlugin[] = []): Kysely<DB> {
  const bound = new Map<PropertyKey, unknown>();
  // One view per transaction, made on its first use: withPlugin() builds a new instance.
  const views = new WeakMap<Transaction<any>, Transaction<any>>();
  const viewOf = (trx: Transaction<any>): Transaction<any> => {
    if (plugins.length === 0) return trx;
    let view = views.get(trx);
    if (!view) {
      view = withPlugins(trx, plugins);
      views.set(trx, view);
    }
    return view;
  };
  return new Proxy(withPlugins(root, plugins), {
    get(target, key) {
      const current = currentTransaction(root);
      if (current) {
        const trx = viewOf(current);
        const value = Reflect.get(trx, key);
        return typeof value === 'function' ? value.bind(trx) : value;
      }
      let value = bound.get(key);
      if (value === undefined) {
        value = Reflect.get(target, key);
        if (typeof value === 'function') value = value.bind(target);
        bound.set(key, value);
      }
      return value;
    },
  });
}
