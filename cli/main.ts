import { resolve } from 'node:path';
import { newProject } from './new-project';

const USAGE = `Usage: trellis new <dir> [--trellis <spec>]

  new <dir>          writes a starter project into <dir> (absent or empty)
  --trellis <spec>   the dependency spec of trellis in it (a version, a tarball, a folder);
                     default: file: this installed package
`;

/** The `trellis` command; returns the exit code. */
export function main(args: string[], out = process.stdout, err = process.stderr): number {
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
