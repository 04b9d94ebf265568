// A worker whose `held` jobs never finish: started by the crash spec, then killed with SIGKILL.
import { behaviour, jobsApp, runs } from './job-fixtures';

behaviour.hold = new Promise(() => {});
// Alive until killed, as a server would be: a promise that never settles holds no handle.
setInterval(() => {}, 60_000);
const lockTimeoutMs = process.argv[3] === undefined ? undefined : Number(process.argv[3]);
const app = jobsApp(process.argv[2]!, { lockTimeoutMs });
void app.start().then(() => {
  const timer = setInterval(() => {
    if (runs.length > 0) {
      process.send?.({ started: runs[0]!.id, attempt: runs[0]!.attempt });
      clearInterval(timer);
    }
  }, 10);
});
