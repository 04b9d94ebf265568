import { AsyncLocalStorage } from 'node:async_hooks';
import type { Kysely, Transaction } from 'kysely';

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

/**
 * The `Database` every class is given: `root`, or the current call's transaction on it. Methods
 * are looked up on whichever applies at the moment of the call.
 */
export function transactionAware<DB>(root: Kysely<DB>): Kysely<DB> {
  const bound = new Map<PropertyKey, unknown>();
  return new Proxy(root, {
    get(target, key) {
      const trx = currentTransaction(target);
      if (trx) {
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
