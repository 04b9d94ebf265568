#!/usr/bin/env node
// The `trellis` command: `trellis new <dir>` writes a starter project; `trellis migrate` migrates;
// `trellis inspect <file>` describes an application.
const args = process.argv.slice(2);
Promise.resolve(require('../dist/cli/main.js').main(args)).then((code) => {
  process.exitCode = code;
  // An inspected application may leave timers or sockets of its own behind: once what was
  // printed is written out, nothing is left to wait for.
  if (args[0] === 'inspect') process.stdout.write('', () => process.stderr.write('', () => process.exit(code)));
});
