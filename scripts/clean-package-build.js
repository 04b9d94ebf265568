// Removes the published folders of dist/ before the package build, so that files of deleted
// sources are not packed. The test build's dist/spec and dist/sample are never published.
const { rmSync } = require('node:fs');
const { join } = require('node:path');

const root = join(__dirname, '..');
for (const entry of ['index.js', 'index.d.ts', 'src', 'container', 'modules', 'testing', 'bin'])
  rmSync(join(root, 'dist', entry), { recursive: true, force: true });
