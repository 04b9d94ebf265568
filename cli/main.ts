import { resolve } from 'node:path';
import { migrate } from './migrate';
import { newProject } from './new-project';

const USAGE = `Usage: trellis new <dir> [--trellis <spec>]
       trellis migrate [--url <url>] [--migrations <folder>]

  new <dir>              writes a starter project into <dir> (absent or empty)
  --trellis <spec>       the dependency spec of trellis in it (a version, a tarball, a folder);
                         default: file: this installed package
  migrate                runs the migrations the database has not run yet
  --url <url>            postgres://..., sqlite:<file> or a file; default: DATABASE_URL
  --migrations <folder>  the compiled migration files; default: migrations
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

/** The `trellis` command; returns the exit code (a promise of it for `migrate`). */
export function main(args: string[], out = process.stdout, err = process.stderr): number | Promise<number> {
  if (args[0] === 'migrate') return migrateCommand(args.slice(1), out, err);
  return newCommand(args, out, err);
}

function newCommand(args: string[], out: NodeJS.WritableStream, err: NodeJS.WritableStream): number {
  const [command, dir, ...rest] = args;
  if (command !== 'new' || !dir || dir.startsWith('-')) {
    err.write(USAGE);
    return command === 'help' || command === '--help' ? 0 : 2;
  }
  let trellis: string | undefined;
  for (let i = 0; i < rest.length; i++) {
    if (rest[i] === '--trellis' && rest[i + 1]) trellis = rest[++i];
    else {
      err.write(`trellis new: unknown option '${rest[i]}'\n${USAGE}`);
      return 2;
    }
  }
  try {
    const files = newProject(dir, trellis);
    out.write(
      `Created ${resolve(dir)}: ${files.join(', ')}\n\n  cd ${dir}\n  npm install && npm start\n  npm install && npm test\n`,
    );
    return 0;
  } catch (failure) {
    err.write(`${(failure as Error).message}\n`);
    return 1;
  }
}
