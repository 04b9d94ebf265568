'use strict';
// Preloaded (--require) into every process of the bundle's trace run: on exit, appends the files
// this process loaded to the file BUNDLE_TRACE names, one a line.
const { appendFileSync } = require('node:fs');

process.once('exit', () => {
  const files = Object.keys(require.cache).filter((file) => file.includes('node_modules'));
  appendFileSync(process.env.BUNDLE_TRACE, `${files.join('\n')}\n`);
});
