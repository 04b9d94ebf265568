// The script the serve() specs run as a primary (and cluster runs again as each worker): an app
// that tells which worker answered and can answer slowly. SERVE_WORKERS sets the worker count;
// SERVE_FAIL_START=1 makes every worker fail to build its app.
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
  },
  (err: Error & { code?: string }) => {
    console.error(`${err.code ?? 'error'}: ${err.message}`);
    process.exit(1);
  },
);
