'use strict';
// One instance of the crash run: runs `work` jobs on the PostgreSQL `process.argv[2]` names until
// it is killed. It says "ready" once its worker runs.
const { jobsApp } = require('./jobs-app');

const app = jobsApp(process.argv[2], { concurrency: 10, lockTimeoutMs: 3000, pollIntervalMs: 200 });
app.ready().then(
  () => process.stdout.write('ready\n'),
  (err) => {
    process.stderr.write(`${err.stack}\n`);
    process.exit(1);
  },
);
