// Started by the held-connections spec: an application installs its database before the testing
// kit is loaded (as a production one does, never loading it), then the kit is asked to hold it.
import pino from 'pino';
import { createApp } from '../../../index';

void (async () => {
  const app = createApp({ logger: pino({ level: 'silent' }) }).install('database', { url: ':memory:' });
  try {
    await app.ready();
    const { beginTestTransaction } = require('../../../testing') as typeof import('../../../testing');
    await beginTestTransaction(app);
    process.send!({ held: true });
  } catch (err) {
    process.send!({ code: (err as { code?: string }).code, message: String(err) });
  } finally {
    await app.close();
  }
})();
