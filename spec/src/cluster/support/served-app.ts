// The script the serve() specs run as a primary (and cluster runs again as each worker): an app
// that tells which worker answered, can answer slowly, and can end its worker. SERVE_WORKERS sets
// the worker count; SERVE_FAIL_START=1 makes every worker fail to build its app;
// SERVE_EXIT_AFTER_MS makes every worker exit with SERVE_EXIT_CODE (default 0) that long after it
// serves, as a worker that dies at every start.
import { Controller, createApp, Get, Param, serve } from '../../../../src';

@Controller()
class WorkerController {
  @Get('/pid')
  pid() {
    return { pid: process.pid };
  }

  @Get('/slow/:ms')
  async slow(@Param('ms') ms: string) {
    await new Promise((resolve) => setTimeout(resolve, Number(ms)));
    return { pid: process.pid, waited: Number(ms) };
  }

  // A worker that ends on its own (a library calling process.exit), without being asked to.
  @Get('/exit/:code')
  exit(@Param('code') code: string) {
    process.exit(Number(code));
  }
}

function buildApp() {
  if (process.env.SERVE_FAIL_START === '1') throw new Error('this worker cannot start');
  return createApp({ controllers: [WorkerController] });
}

serve(buildApp, {
  workers: process.env.SERVE_WORKERS === undefined ? undefined : Number(process.env.SERVE_WORKERS),
  port: 0,
  restartDelayMs: 50,
  stopTimeoutMs: 5_000,
}).then(
  (served) => {
    if (served.role === 'primary') console.log(`serving ${served.url} with ${served.workerPids().join(',')}`);
    else if (process.env.SERVE_EXIT_AFTER_MS !== undefined)
      setTimeout(
        () => process.exit(Number(process.env.SERVE_EXIT_CODE ?? 0)),
        Number(process.env.SERVE_EXIT_AFTER_MS),
      );
  },
  (err: Error & { code?: string }) => {
    console.error(`${err.code ?? 'error'}: ${err.message}`);
    process.exit(1);
  },
);
