import { resolve } from 'node:path';
import { FEATURES, type Feature } from './features/index';
import { inspectCommand } from './inspect/inspect-command';
import { migrate } from './migrate';
import { newProject } from './new-project';
import { startCommand } from './start-command';
import { trellisSpec } from './trellis-spec';

const USAGE = `Usage: trellis new <dir> [--esm] [--with <features>] [--trellis <spec>]
       trellis migrate [--url <url>] [--migrations <folder>]
       trellis inspect <file> [--format json|mermaid|dot]
       trellis start <file> [--workers N] [--port P] [--host H]

  new <dir>          writes a starter project into <dir> (absent or empty)
  --esm              an ES module project ("type": "module"); CommonJS by default
  --with <features>  comma-separated, any of: ${FEATURES.join(', ')}
                     (each adds working code, its packages and a spec)
  --trellis <spec>   the dependency spec of trellis in it: a tarball (./trellis-0.1.0.tgz,
                     made by npm pack in a clone), a folder or a version; relative paths are
                     read from here; default: file: this installed package
  migrate            runs the migrations the database has not run yet
  --url <url>        postgres://..., sqlite:<file> or a file; default: DATABASE_URL
  --migrations <dir> the compiled migration files; default: migrations
  inspect <file>     describes the application <file> exports (an app, or a function returning
                     one) without listening: routes, guards, providers, scopes, gateways, jobs
  --format <form>    json (default), or the dependency graph as mermaid or dot, with what
                     ready() refuses marked; exits 1 with the coded error when it does not ready
  start <file>       serves the application <file> exports on several cores (node:cluster): each
                     worker loads <file> and builds its own; SIGTERM/SIGINT drain and stop them,
                     SIGHUP replaces them one at a time
  --workers <n>      how many workers; default one per core
  --port <p>         the port they share; default PORT, else 3000
  --host <h>         the address; default HOST, else 127.0.0.1
`;

function migrateCommand(
  args: string[],
  out: NodeJS.WritableStream,
  err: NodeJS.WritableStream,
): number | Promise<number> {
  const options = { url: process.env.DATABASE_URL, migrations: 'migrations' };
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--url' && args[i + 1]) options.url = args[++i];
    else if (args[i] === '--migrations' && args[i + 1]) options.migrations = args[++i];
    else {
      err.write(`trellis migrate: unknown option '${args[i]}'\n${USAGE}`);
      return 2;
    }
  }
  if (!options.url) {
    err.write(`trellis migrate: no database: pass --url or set DATABASE_URL\n${USAGE}`);
    return 2;
  }
  return migrate(options, out, err);
}

interface Parsed {
  dir: string;
  esm: boolean;
  features: Feature[];
  trellis?: string;
}

function parse(args: string[]): Parsed | string {
  const [command, dir, ...rest] = args;
  if (command !== 'new' || !dir || dir.startsWith('-')) return '';
  const parsed: Parsed = { dir, esm: false, features: [] };
  for (let i = 0; i < rest.length; i++) {
    const option = rest[i];
    if (option === '--esm') parsed.esm = true;
    else if (option === '--trellis' && rest[i + 1]) parsed.trellis = trellisSpec(rest[++i]);
    else if (option === '--with' && rest[i + 1]) {
      for (const name of rest[++i]
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean)) {
        if (!FEATURES.includes(name as Feature))
          return `trellis new: unknown feature '${name}' (known: ${FEATURES.join(', ')})`;
        if (!parsed.features.includes(name as Feature)) parsed.features.push(name as Feature);
      }
    } else return `trellis new: unknown option '${option}'`;
  }
  return parsed;
}

/** The `trellis` command; returns the exit code (a promise of it for `migrate`, `inspect` and `start`). */
export function main(args: string[], out = process.stdout, err = process.stderr): number | Promise<number> {
  // Help asked for, anywhere (`trellis new --help` too): the usage on stdout, and success.
  if (args[0] === 'help' || args.some((arg) => arg === '--help' || arg === '-h')) {
    out.write(USAGE);
    return 0;
  }
  if (args[0] === 'migrate') return migrateCommand(args.slice(1), out, err);
  if (args[0] === 'inspect') return inspectCommand(args.slice(1), out, err, USAGE);
  if (args[0] === 'start') return startCommand(args.slice(1), out, err, USAGE);
  const parsed = parse(args);
  if (typeof parsed === 'string') {
    err.write(parsed ? `${parsed}\n${USAGE}` : USAGE);
    return 2;
  }
  try {
    const files = newProject(parsed.dir, parsed);
    out.write(
      `Created ${resolve(parsed.dir)}: ${files.join(', ')}\n\n  cd ${parsed.dir}\n  npm install && npm start\n  npm install && npm test\n`,
    );
    return 0;
  } catch (failure) {
    err.write(`${(failure as Error).message}\n`);
    return 1;
  }
}
