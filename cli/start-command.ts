import { serve } from '../src/cluster/serve';
import { LoadAppError, loadApp } from './inspect/load-app';

interface StartArgs {
  file: string;
  workers?: number;
  port: number;
  host: string;
}

const DEFAULT_PORT = 3000;
const DEFAULT_HOST = '127.0.0.1';

function positiveInteger(value: string | undefined, allowZero = false): number | undefined {
  if (value === undefined || !/^\d+$/.test(value)) return undefined;
  const n = Number(value);
  return n > 0 || (allowZero && n === 0) ? n : undefined;
}

function parse(args: string[], env: NodeJS.ProcessEnv): StartArgs | string {
  let file: string | undefined;
  let workers: number | undefined;
  let port = positiveInteger(env.PORT, true) ?? DEFAULT_PORT;
  let host = env.HOST ?? DEFAULT_HOST;
  for (let i = 0; i < args.length; i++) {
    const [name, inline] = args[i].split(/=(.*)/s, 2);
    const value = () => (inline !== undefined ? inline : args[++i]);
    if (name === '--workers') {
      const given = value();
      workers = positiveInteger(given);
      if (workers === undefined)
        return `trellis start: --workers must be a positive integer, got '${given ?? ''}'`;
    } else if (name === '--port') {
      const given = value();
      const parsed = positiveInteger(given, true);
      if (parsed === undefined || parsed > 65_535)
        return `trellis start: --port must be a port number (0-65535), got '${given ?? ''}'`;
      port = parsed;
    } else if (name === '--host') {
      const given = value();
      if (!given) return 'trellis start: --host needs an address';
      host = given;
    } else if (name.startsWith('-') || file !== undefined)
      return `trellis start: unknown option '${args[i]}'`;
    else file = name;
  }
  if (file === undefined) return 'trellis start: which file? trellis start <file> [--workers N]';
  return { file, workers, port, host };
}

/**
 * `trellis start <file> [--workers N] [--port P] [--host H]`: serves the application `file`
 * exports (an app, or a function returning one) on N cores through `serve()`: each worker loads
 * the file and builds its own application. Resolves to 0 once every worker serves (the process
 * then stays up, replacing a worker that exits, until SIGTERM or SIGINT drains it and it exits 0,
 * or until workers keep dying and it exits 1; SIGHUP restarts the workers one at a time), 1 when
 * they cannot start, 2 on a usage mistake.
 */
export async function startCommand(
  args: string[],
  out: NodeJS.WritableStream,
  err: NodeJS.WritableStream,
  usage: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<number> {
  const parsed = parse(args, env);
  if (typeof parsed === 'string') {
    err.write(`${parsed}\n${usage}`);
    return 2;
  }
  try {
    const served = await serve(() => loadApp(parsed.file), {
      workers: parsed.workers,
      port: parsed.port,
      host: parsed.host,
    });
    if (served.role === 'primary') {
      const pids = served.workerPids();
      out.write(`trellis start: serving ${served.url} with ${pids.length} workers (${pids.join(', ')})\n`);
    }
    return 0;
  } catch (failure) {
    const { code, message } = failure as { code?: string; message: string };
    err.write(
      failure instanceof LoadAppError
        ? `trellis start: ${message}\n`
        : `trellis start: ${code ? `${code}: ` : ''}${message}\n`,
    );
    return 1;
  }
}
