#!/usr/bin/env node
// The `trellis` command: `trellis new <dir>` writes a starter project; `trellis migrate` migrates;
// `trellis inspect <file>` describes an application; `trellis start <file>` serves it on every core.
// The compile cache first, before the framework loads: every later run of the command (and every
// worker of `trellis start`, through NODE_COMPILE_CACHE) reads compiled code instead of
// compiling it again. NODE_DISABLE_COMPILE_CACHE=1 turns it off (docs/production.md).
require('../dist/src/cluster/compile-cache.js').enableCompileCache();
const args = process.argv.slice(2);
Promise.resolve(require('../dist/cli/main.js').main(args)).then((code) => {
  process.exitCode = code;
  // An inspected application may leave timers or sockets of its own behind: once what was
  // printed is written out, nothing is left to wait for.
  if (args[0] === 'inspect') process.stdout.write('', () => process.stderr.write('', () => process.exit(code)));
  // A start that failed (in the primary, or in a worker, which the primary then sees exit) ends
  // here; one that serves keeps the process up until a signal stops it (exit 0) or serve() gives
  // up on workers that keep dying (exit 1).
  else if (args[0] === 'start' && code !== 0) process.stderr.write('', () => process.exit(code));
});
