// What `trellis start` serves in the spec: a factory, as the default export, of an app that
// tells which worker answered. PID_APP_FAIL=1 makes every worker fail to build it.
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
  return createApp({ controllers: [PidController] });
}
