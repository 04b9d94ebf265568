import { execFileSync } from 'node:child_process';

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
