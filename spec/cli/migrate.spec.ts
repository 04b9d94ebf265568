import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { main } from '../../cli/main';
import { forEachDatabase } from '../support/databases';

function sink() {
  const collected = {
    text: '',
    write(chunk: string): boolean {
      collected.text += chunk;
      return true;
    },
  };
  return collected;
}

async function trellis(...args: string[]) {
  const out = sink();
  const err = sink();
  const code = await main(args, out as never, err as never);
  return { code, out: out.text, err: err.text };
}

describe('trellis migrate', () => {
  let folder: string;
  beforeEach(() => {
    folder = mkdtempSync(join(tmpdir(), 'trellis-migrate-'));
    writeFileSync(
      join(folder, '001_notes.js'),
      "exports.up = (db) => db.schema.createTable('notes').addColumn('id', 'integer').execute();",
    );
  });
  afterEach(() => rmSync(folder, { recursive: true, force: true }));

  it('names the folder it looked for when there is no migrations folder, and touches no database', async () => {
    const missing = join(folder, 'migrations');
    const { code, out, err } = await trellis(
      'migrate',
      '--url',
      join(folder, 'never.db'),
      '--migrations',
      missing,
    );
    expect(code).to.equal(2);
    expect(out).to.equal('');
    expect(err).to.contain(`no migrations folder at ${missing}`);
    expect(err).to.contain('--migrations <folder>');
    expect(existsSync(join(folder, 'never.db'))).to.equal(false);
  });

  forEachDatabase((database) => {
    it('runs what the database has not run yet, then nothing', async () => {
      const url = await database.url();
      const first = await trellis('migrate', '--url', url, '--migrations', folder);
      expect(first).to.deep.include({ code: 0, out: 'Migrated: 001_notes\n' });
      writeFileSync(
        join(folder, '002_more.js'),
        "exports.up = (db) => db.insertInto('notes').values({ id: 1 }).execute();",
      );
      expect(await trellis('migrate', '--url', url, '--migrations', folder)).to.deep.include({
        code: 0,
        out: 'Migrated: 002_more\n',
      });
      expect(await trellis('migrate', '--url', url, '--migrations', folder)).to.deep.include({
        code: 0,
        out: 'Nothing to migrate: the database is up to date\n',
      });
    });

    it('exits 1 naming the migration that failed', async () => {
      writeFileSync(
        join(folder, '002_broken.js'),
        "exports.up = (db) => db.selectFrom('nowhere').selectAll().execute();",
      );
      const result = await trellis('migrate', '--url', await database.url(), '--migrations', folder);
      expect(result.code).to.equal(1);
      expect(result.err).to.contain("the migration '002_broken' failed");
    });
  });

  it('exits 2 with the usage without a database or with an unknown option', async () => {
    const saved = process.env.DATABASE_URL;
    delete process.env.DATABASE_URL;
    try {
      const missing = await trellis('migrate', '--migrations', folder);
      expect(missing.code).to.equal(2);
      expect(missing.err).to.contain('no database: pass --url or set DATABASE_URL');
    } finally {
      if (saved !== undefined) process.env.DATABASE_URL = saved;
    }
    const unknown = await trellis('migrate', '--nope');
    expect(unknown.code).to.equal(2);
    expect(unknown.err).to.contain("unknown option '--nope'");
  });
});
