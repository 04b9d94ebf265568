import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { type Kysely, sql } from 'kysely';
import pino from 'pino';
import { createApp, Database, Jobs } from '../../index';
import { Notes } from './inspect-apps/queue-app';

const BIN = join(__dirname, '../../../bin/trellis.js');
const APPS = join(__dirname, 'inspect-apps');

interface Run {
  code: number | null;
  out: string;
  err: string;
}

// Spawns the command as a user runs it, so loading, printing and the exit code are the real ones.
function trellis(args: string[], env: Record<string, string> = {}): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [BIN, ...args],
      { env: { ...process.env, ...env }, cwd: APPS },
      (error, out, err) =>
        resolve({ code: error ? ((error as { code?: number }).code ?? null) : 0, out, err }),
    );
  });
}

describe('trellis inspect', function () {
  // Each case starts a Node process that loads Trellis.
  this.timeout(30_000);

  it('touches nothing outside the process: a due job stays waiting, a pending migration unrun', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'trellis-inspect-'));
    const url = `sqlite:${join(folder, 'app.db')}`;
    const quiet = () => createApp({ logger: pino({ level: 'silent' }) }).install('database', { url });
    try {
      const setup = quiet().install('jobs', { handlers: [Notes], worker: false });
      await setup.start();
      await setup.container.get<Jobs>(Jobs).enqueue('note', { text: 'due' });
      await setup.close();

      const run = await trellis(['inspect', 'queue-app.js'], { DATABASE_URL: url });
      expect(run.err).to.equal('');
      expect(run.code).to.equal(0);
      expect(JSON.parse(run.out).jobs.map((job: { name: string }) => job.name)).to.deep.equal(['note']);

      const after = quiet();
      try {
        const db = after.container.get<Kysely<any>>(Database);
        expect((await db.introspection.getTables()).map((table) => table.name)).to.not.include('pending');
        const { rows } = await sql<{ attempts: number; locked_by: string | null }>`
          SELECT attempts, locked_by FROM trellis_jobs WHERE name = 'note'`.execute(db);
        expect(rows).to.deep.equal([{ attempts: 0, locked_by: null }]);
      } finally {
        await after.close();
      }
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('prints the JSON description of the app a file exports as `app`', async () => {
    const run = await trellis(['inspect', 'shop-app.js']);
    expect(run.err).to.equal('');
    expect(run.code).to.equal(0);
    const description = JSON.parse(run.out);
    expect(description.routes).to.deep.equal([
      {
        method: 'GET',
        path: '/products',
        handler: 'ProductsController.list',
        guards: [],
        interceptors: [],
        phases: {
          handler: ['ProductsController.list'],
          onSend: ['json writer'],
          onResponse: ['request scope'],
        },
      },
    ]);
    expect(description.providers).to.deep.include.members([
      { name: 'ProductsController', scope: 'singleton', dependencies: ['Catalogue', 'Basket'] },
      { name: 'Catalogue', scope: 'singleton', dependencies: ['PriceFormatter'] },
      { name: 'PriceFormatter', scope: 'transient', dependencies: [] },
      { name: 'Basket', scope: 'request', dependencies: [] },
    ]);
    expect(description.jobs).to.deep.equal([]);
  });

  it('draws the graph of an app an asynchronous default factory makes, in Mermaid with scopes as classes', async () => {
    const run = await trellis(['inspect', 'shop-factory.js', '--format', 'mermaid']);
    expect(run.code).to.equal(0);
    const lines = run.out.split('\n');
    expect(lines[0]).to.equal('flowchart LR');
    const id = (name: string) =>
      lines
        .find((line) => line.includes(`["${name}<br/>`))
        ?.trim()
        .split('[')[0];
    expect(lines).to.include(
      `  ${id('ProductsController')}["ProductsController<br/><i>singleton</i>"]:::singleton`,
    );
    expect(lines).to.include(`  ${id('Basket')}["Basket<br/><i>request</i>"]:::request`);
    expect(lines).to.include(`  ${id('PriceFormatter')}["PriceFormatter<br/><i>transient</i>"]:::transient`);
    expect(lines).to.include(`  ${id('ProductsController')} --> ${id('Catalogue')}`);
    expect(lines).to.include(`  ${id('Catalogue')} --> ${id('PriceFormatter')}`);
    expect(run.out).not.to.contain('REFUSED');
  });

  it('draws the graph in DOT, scopes as fill colours', async () => {
    const run = await trellis(['inspect', 'shop-app.js', '--format=dot']);
    expect(run.code).to.equal(0);
    expect(run.out).to.match(/^digraph trellis \{\n/);
    expect(run.out).to.match(/(n\d+) \[label="Basket\\nrequest", fillcolor="#fef7e0"\];/);
    const ids = Object.fromEntries(
      [...run.out.matchAll(/(n\d+) \[label="(\w+)\\n/g)].map(([, id, name]) => [name, id]),
    );
    expect(run.out).to.contain(`  ${ids.ProductsController} -> ${ids.Catalogue};\n`);
    expect(run.out.trimEnd().endsWith('}')).to.equal(true);
  });

  describe('on a graph ready() refuses', () => {
    it('marks a cycle with its path, prints the coded error and exits 1', async () => {
      const run = await trellis(['inspect', 'refused-apps.js', '--format', 'dot'], { INSPECT_CASE: 'cycle' });
      expect(run.code).to.equal(1);
      expect(run.err).to.contain('TRELLIS_ERR_DEPENDENCY_CYCLE');
      expect(run.out).to.contain(
        '// refused: cycle: Symbol(Ledger) -> Ledger -> Symbol(Audit) -> Audit -> Symbol(Ledger)',
      );
      const ids = Object.fromEntries(
        [...run.out.matchAll(/(n\d+) \[label="([^"\\]+)\\n/g)].map(([, id, name]) => [name, id]),
      );
      for (const [from, to] of [
        ['Symbol(Ledger)', 'Ledger'],
        ['Ledger', 'Symbol(Audit)'],
        ['Symbol(Audit)', 'Audit'],
        ['Audit', 'Symbol(Ledger)'],
      ])
        expect(run.out).to.contain(`${ids[from]} -> ${ids[to]} [label="REFUSED: cycle", color="#d93025"`);
      expect(run.out).not.to.contain(`${ids.BooksController} -> ${ids['Symbol(Ledger)']} [label`);
    });

    it('marks a singleton capturing a request-scoped provider', async () => {
      const run = await trellis(['inspect', 'refused-apps.js', '--format', 'mermaid'], {
        INSPECT_CASE: 'capture',
      });
      expect(run.code).to.equal(1);
      expect(run.err).to.contain('TRELLIS_ERR_SCOPE_CAPTURE');
      const lines = run.out.split('\n');
      const greeter = lines.find((line) => line.includes('["Greeter<br/>'));
      const user = lines.find((line) => line.includes('["CurrentUser<br/>'));
      expect(user).to.contain('<i>request</i><br/>REFUSED: singleton captures request scope');
      const [greeterId, userId] = [greeter, user].map((line) => line?.trim().split('[')[0]);
      expect(lines).to.include(`  ${greeterId} -->|"REFUSED: singleton captures request scope"| ${userId}`);
      expect(lines.find((line) => line.startsWith('  class '))).to.equal(
        `  class ${greeterId},${userId} refused`,
      );
      expect(lines.find((line) => line.startsWith('  linkStyle'))).to.match(/stroke:#d93025/);
    });

    it('names a token nobody binds, in the JSON too', async () => {
      const run = await trellis(['inspect', 'refused-apps.js'], { INSPECT_CASE: 'unbound' });
      expect(run.code).to.equal(1);
      expect(run.err).to.contain('TRELLIS_ERR_UNBOUND_INJECTED_TOKEN');
      const description = JSON.parse(run.out);
      expect(description.error.code).to.equal('TRELLIS_ERR_UNBOUND_INJECTED_TOKEN');
      expect(description.problems).to.deep.equal([
        { kind: 'unbound', path: ['MailController', 'Symbol(Mailer)'], by: 'constructor' },
      ]);
    });
  });

  it('exits 1 naming the file when it exports no application', async () => {
    const run = await trellis(['inspect', 'nothing-exported.js']);
    expect(run.code).to.equal(1);
    expect(run.err).to.contain('nothing-exported.js exports no application');
  });

  it('exits 2 on an unknown format, naming the ones it knows', async () => {
    const run = await trellis(['inspect', 'shop-app.js', '--format', 'svg']);
    expect(run.code).to.equal(2);
    expect(run.err).to.contain("unknown format 'svg' (one of json, mermaid, dot)");
  });
});
