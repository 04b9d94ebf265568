// Another instance (a cluster worker) running the `long` job: it reports each start and abort
// to the spec's process, and closes when told.
import { cancelApp } from './long-jobs';

const app = cancelApp(process.argv[2]!);
process.on('message', (message) => {
  if (message === 'close') void app.close().then(() => process.exit(0));
});
void app.start().then(
  () => process.send!({ ready: true }),
  (err: Error) => process.send!({ error: String(err.stack ?? err) }),
);
