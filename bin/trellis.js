#!/usr/bin/env node
// The `trellis` command: `trellis new <dir>` writes a starter project; `trellis migrate` migrates.
Promise.resolve(require('../dist/cli/main.js').main(process.argv.slice(2))).then((code) => {
  process.exitCode = code;
});
