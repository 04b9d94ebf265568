import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'chai';

const DIST = join(__dirname, '..', '..', '..');

// Packages an application pays for only when it uses them: a database, GraphQL, passwords, uploads.
const LOADED_BY_FIRST_USE = ['kysely', 'graphql', 'bcrypt', 'busboy', 'better-sqlite3', 'pg'];

/** Runs `script` in a fresh node in dist/; resolves to what it printed, parsed. */
async function inFreshProcess(script: string): Promise<Record<string, unknown>> {
  const { stdout } = await promisify(execFile)(process.execPath, ['-e', script], {
    cwd: DIST,
    env: { ...process.env, LOG_LEVEL: 'silent' },
    timeout: 20_000,
  });
  return JSON.parse(stdout);
}

const REPORT = `
const files = () => Object.keys(require.cache);
const loaded = (name) => files().some((file) => file.includes('/node_modules/' + name + '/'));
const report = (names) => Object.fromEntries(names.map((name) => [name, loaded(name)]));
`;

describe("require('trellis'): what it loads", function () {
  this.timeout(30_000);

  it('loads Inversify as the one-file bundle the build makes, not its ES-module files', async () => {
    const seen = await inFreshProcess(`${REPORT}
      require('./index.js');
      console.log(JSON.stringify({
        bundle: files().some((file) => file.endsWith('/container/inversify-bundle.js')),
        ...report(['inversify', '@inversifyjs/core']),
      }));`);
    expect(seen).to.deep.equal({ bundle: true, inversify: false, '@inversifyjs/core': false });
  });

  it('loads no database driver, Kysely, GraphQL, bcrypt or busboy until an application uses them', async () => {
    const seen = await inFreshProcess(`${REPORT}
      require('./index.js');
      console.log(JSON.stringify(report(${JSON.stringify(LOADED_BY_FIRST_USE)})));`);
    expect(seen).to.deep.equal(Object.fromEntries(LOADED_BY_FIRST_USE.map((name) => [name, false])));
  });

  it('loads Kysely with the database module: an application with a database still runs its queries', async () => {
    const seen = await inFreshProcess(`${REPORT}
      const t = require('./index.js');
      const app = t.createApp({}).install(t.databaseModule, { url: ':memory:' });
      app.ready().then(async () => {
        const kysely = loaded('kysely');
        const { sql } = require('kysely');
        const { rows } = await sql\`select 41 + 1 as answer\`.execute(app.container.get(t.Database));
        await app.close();
        console.log(JSON.stringify({ kysely, answer: rows[0].answer }));
      });`);
    expect(seen).to.deep.equal({ kysely: true, answer: 42 });
  });
});
