'use strict';
// Checks (or, with --local, rewrites) the API report of every entry point the package exports:
// `trellis`, `trellis/testing`, `trellis/client`, `trellis/fastify` and `trellis/redis`, one api-extractor
// config each.
const { execFileSync } = require('node:child_process');
const path = require('node:path');

const CONFIGS = [
  'api-extractor.json',
  'api-extractor.testing.json',
  'api-extractor.client.json',
  'api-extractor.fastify.json',
  'api-extractor.redis.json',
];
const extractor = path.join(__dirname, '..', 'node_modules', '@microsoft', 'api-extractor', 'bin', 'api-extractor');
const local = process.argv.includes('--local');
for (const config of CONFIGS) {
  const args = [extractor, 'run', '--config', path.join(__dirname, '..', config), ...(local ? ['--local'] : [])];
  execFileSync(process.execPath, args, { stdio: 'inherit' });
}
