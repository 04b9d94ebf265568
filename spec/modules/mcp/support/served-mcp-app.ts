// Run by the serve() spec as a primary (and by cluster as each worker): an MCP tool that tells
// which worker answered. SERVE_WORKERS sets the worker count.
import { Controller, createApp, Get, serve, Tool } from '../../../../index';

@Controller('/pid')
class PidController {
  @Get()
  @Tool({ name: 'pid' })
  pid() {
    return { pid: process.pid };
  }
}

serve(() => createApp({ controllers: [PidController] }).install('mcp', {}), {
  workers: Number(process.env.SERVE_WORKERS ?? 2),
  port: 0,
  stopTimeoutMs: 5_000,
}).then(
  (served) => {
    if (served.role === 'primary') console.log(`serving ${served.url}`);
  },
  (err: Error) => {
    console.error(err.message);
    process.exit(1);
  },
);
