// A second process on the same SQLite file: enqueues keyed jobs while the spec's process runs
// them. It is a slow process (a loaded machine, a descheduled process): it pauses after each
// statement, the write lock released between autocommit statements, so that the other
// process's claims land between two statements of one enqueue whenever it can.
import { DatabaseSync } from 'node:sqlite';
import { enqueueKeyed, keyedApp } from './keyed-jobs';

const PAUSE_MS = 3;
const pause = new Int32Array(new SharedArrayBuffer(4));
const prepare = DatabaseSync.prototype.prepare;
DatabaseSync.prototype.prepare = function (this: DatabaseSync, source: string) {
  const statement = prepare.call(this, source);
  return new Proxy(statement, {
    get(target, name) {
      const value = Reflect.get(target, name, target);
      if (typeof value !== 'function') return value;
      if (!['run', 'all', 'get', 'iterate'].includes(name as string)) return value.bind(target);
      return (...args: unknown[]) => {
        const result = value.apply(target, args);
        Atomics.wait(pause, 0, 0, PAUSE_MS);
        return result;
      };
    },
  });
};

const [url, keys, perKey] = process.argv.slice(2);
const app = keyedApp(url!, { worker: false });
void (async () => {
  try {
    await app.start();
    const ids = await enqueueKeyed(app, Number(keys), Number(perKey));
    process.send!({ ids });
  } catch (err) {
    process.send!({ error: String((err as Error).stack ?? err) });
  } finally {
    await app.close();
  }
})();
