import { type ChildProcess, execFileSync, spawn } from 'node:child_process';

/** A node process a spec started: what it printed so far (stdout and stderr together) and its exit. */
export interface SpawnedNode {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

/** Starts `node <args>` with only `PATH` and `env` in its environment, collecting what it prints. */
export function spawnNode(
  args: string[],
  options: { env?: Record<string, string>; cwd?: string } = {},
): SpawnedNode {
  const child = spawn(process.execPath, args, {
    cwd: options.cwd,
    env: { PATH: process.env.PATH, ...options.env },
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

/** The child processes of `pid` (Linux `ps`): a cluster primary's workers. */
export function childrenOf(pid: number): number[] {
  try {
    return execFileSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' })
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map(Number);
  } catch {
    return []; // ps exits 1 when there are none
  }
}
