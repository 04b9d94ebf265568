#!/usr/bin/env node
// The `trellis` command: `trellis new <dir>` writes a starter project.
process.exitCode = require('../dist/cli/main.js').main(process.argv.slice(2));
