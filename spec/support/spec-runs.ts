import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

// A spec belongs to the integration run when it reaches outside the process: a listening
// server, a socket client, a redis-server or a child process. Read from what the compiled spec
// requires or calls, so a new spec lands in the right run without a list to keep.
const INTEGRATION_MARKERS = [
  /require\("[^"]*\/support\/(serve|engines|redis-server|postgres-server|databases|sample-server|package-tarball|child-processes)"\)/,
  /require\("[^"]*\/redis-spec-helpers"\)/,
  /require\("(node:)?(child_process|http|https|net)"\)/,
  /require\("(supertest|ws|ioredis)"\)/,
  /\.listen\(/,
];

/** Every compiled spec file under `root`, relative to `cwd`. */
function specFiles(root: string, cwd: string): string[] {
  return readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.spec.js'))
    .map((file) => relative(cwd, join(root, file)))
    .sort();
}

/** Whether the compiled spec at `file` starts servers, clients, redis-server or child processes. */
export function isIntegrationSpec(file: string): boolean {
  const source = readFileSync(file, 'utf8');
  return INTEGRATION_MARKERS.some((marker) => marker.test(source));
}

/** The compiled specs split in the two runs of `npm test`: in-process units, then integration. */
export function specRuns(root = 'dist/spec', cwd = process.cwd()): { unit: string[]; integration: string[] } {
  const files = specFiles(root, cwd);
  const integration = files.filter((file) => isIntegrationSpec(join(cwd, file)));
  return { unit: files.filter((file) => !integration.includes(file)), integration };
}

/**
 * The `k`-th of `n` shards of `files` (`shard` is `"k/n"`, k from 1), every n-th file from the
 * k-th, so the slow folders spread over the shards; all of them without a shard.
 */
export function shardOf(files: string[], shard: string | undefined): string[] {
  if (!shard) return files;
  const match = /^(\d+)\/(\d+)$/.exec(shard);
  const [k, n] = match ? [Number(match[1]), Number(match[2])] : [0, 0];
  if (k < 1 || k > n) throw new Error(`TRELLIS_SPEC_SHARD must be k/n with 1 <= k <= n, got '${shard}'`);
  return files.filter((_, index) => index % n === k - 1);
}
