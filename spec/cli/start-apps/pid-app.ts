// What `trellis start` serves in the spec: a factory, as the default export, of an app that
// tells which worker answered. PID_APP_FAIL=1 makes every worker fail to build it;
// PID_APP_EXIT_AFTER_MS makes every worker exit 0 that long after it listens, as a worker that
// dies at every start.
import { Controller, createApp, Get } from '../../../index';

@Controller()
class PidController {
  @Get('/pid')
  pid() {
    return { pid: process.pid };
  }
}

/** The application each worker builds. */
export default function makeApp() {
  if (process.env.PID_APP_FAIL === '1') throw new Error('this worker cannot start');
  const app = createApp({ controllers: [PidController] });
  const exitAfter = process.env.PID_APP_EXIT_AFTER_MS;
  if (exitAfter !== undefined)
    app.onListen((server) => {
      server.once('listening', () => setTimeout(() => process.exit(0), Number(exitAfter)));
    });
  return app;
}
