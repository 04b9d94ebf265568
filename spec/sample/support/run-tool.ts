import { execFile } from 'node:child_process';
import { dirname, join } from 'node:path';

/** What a command-line tool printed and how it ended. */
export interface ToolRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** The file a package names as its bin, resolved in this repository's node_modules. */
export function binOf(pkg: string, relative: string): string {
  return join(dirname(require.resolve(`${pkg}/package.json`)), relative);
}

// A tool that has not answered in two minutes has hung.
const TOOL_TIMEOUT_MS = 120_000;

/** Runs a Node script (a tool's bin) in `cwd`, bounded in time; a non-zero exit is data, not an error. */
export function runNode(args: string[], cwd: string): Promise<ToolRun> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      args,
      {
        cwd,
        timeout: TOOL_TIMEOUT_MS,
        maxBuffer: 64 * 1024 * 1024,
        // No update checks nor telemetry: the specs run offline.
        env: {
          ...process.env,
          REDOCLY_TELEMETRY: 'off',
          REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
          NO_COLOR: '1',
        },
      },
      (err, stdout, stderr) => {
        const code = err ? (typeof err.code === 'number' ? err.code : Number.NaN) : 0;
        if (err && Number.isNaN(code)) reject(err);
        else resolve({ code, stdout, stderr });
      },
    );
  });
}
