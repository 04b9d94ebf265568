// A second process on the same SQLite file: enqueues keyed jobs while the spec's process runs them.
import { enqueueKeyed, keyedApp } from './keyed-jobs';

const [url, keys, perKey] = process.argv.slice(2);
const app = keyedApp(url!, { worker: false });
void (async () => {
  try {
    await app.ready();
    const ids = await enqueueKeyed(app, Number(keys), Number(perKey));
    process.send!({ ids });
  } catch (err) {
    process.send!({ error: String((err as Error).stack ?? err) });
  } finally {
    await app.close();
  }
})();
