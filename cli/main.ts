import { resolve } from 'node:path';
import { FEATURES, type Feature } from './features/index';
import { newProject } from './new-project';
import { trellisSpec } from './trellis-spec';

const USAGE = `Usage: trellis new <dir> [--esm] [--with <features>] [--trellis <spec>]

  new <dir>          writes a starter project into <dir> (absent or empty)
  --esm              an ES module project ("type": "module"); CommonJS by default
  --with <features>  comma-separated, any of: ${FEATURES.join(', ')}
                     (each adds working code, its packages and a spec)
  --trellis <spec>   the dependency spec of trellis in it (a version, a tarball, a folder;
                     relative paths are read from here); default: file: this installed package
`;

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

/** The `trellis` command; returns the exit code. */
export function main(args: string[], out = process.stdout, err = process.stderr): number {
  const parsed = parse(args);
  if (typeof parsed === 'string') {
    err.write(parsed ? `${parsed}\n${USAGE}` : USAGE);
    return args[0] === 'help' || args[0] === '--help' ? 0 : 2;
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
