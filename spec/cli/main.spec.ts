import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { expect } from 'chai';
import { main } from '../../cli/main';

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

function trellis(...args: string[]) {
  const out = sink();
  const err = sink();
  const code = main(args, out as never, err as never);
  return { code, out: out.text, err: err.text };
}

describe('the trellis command', () => {
  let folder: string;

  beforeEach(() => {
    folder = mkdtempSync(join(tmpdir(), 'trellis-cli-'));
  });

  afterEach(() => rmSync(folder, { recursive: true, force: true }));

  it('writes a project whose package.json depends on the --trellis spec and pins zod', () => {
    const { code } = trellis('new', join(folder, 'My App'), '--trellis', '/somewhere/trellis-0.1.0.tgz');
    expect(code).to.equal(0);
    const manifest = JSON.parse(readFileSync(join(folder, 'My App', 'package.json'), 'utf8'));
    expect(manifest.name).to.equal('my-app');
    // Relative to the project's folder, so that it holds on a teammate's machine too.
    expect(manifest.dependencies.trellis).to.equal(
      `file:${relative(join(folder, 'My App'), '/somewhere/trellis-0.1.0.tgz')}`,
    );
    expect(manifest.dependencies.trellis).to.match(/^file:\.\.\//);
    expect(manifest.dependencies.zod).to.match(/^\d+\.\d+\.\d+$/);
  });

  it('declares the Node.js versions Trellis supports: engines, and .node-version for version managers', () => {
    expect(trellis('new', join(folder, 'app')).code).to.equal(0);
    const manifest = JSON.parse(readFileSync(join(folder, 'app', 'package.json'), 'utf8'));
    expect(manifest.engines).to.deep.equal({ node: '>=22.13.0' });
    expect(readFileSync(join(folder, 'app', '.node-version'), 'utf8')).to.equal('24\n');
  });

  it('resolves a relative --trellis path from where the command runs, and keeps a version as it is', () => {
    trellis('new', join(folder, 'a'), '--trellis', '../trellis-0.1.0.tgz');
    const tarball = JSON.parse(readFileSync(join(folder, 'a', 'package.json'), 'utf8')).dependencies.trellis;
    expect(tarball).to.match(/^file:\.\.\//);
    expect(resolve(folder, 'a', tarball.slice('file:'.length))).to.equal(
      join(process.cwd(), '..', 'trellis-0.1.0.tgz'),
    );
    trellis('new', join(folder, 'b'), '--trellis', 'file:./vendor/trellis');
    const folderSpec = JSON.parse(readFileSync(join(folder, 'b', 'package.json'), 'utf8')).dependencies
      .trellis;
    expect(resolve(folder, 'b', folderSpec.slice('file:'.length))).to.equal(
      join(process.cwd(), 'vendor', 'trellis'),
    );
    trellis('new', join(folder, 'c'), '--trellis', '0.1.0');
    expect(JSON.parse(readFileSync(join(folder, 'c', 'package.json'), 'utf8')).dependencies.trellis).to.equal(
      '0.1.0',
    );
  });

  it('with --esm, writes an ES module project whose relative imports end in .js', () => {
    trellis('new', join(folder, 'esm'), '--esm');
    const manifest = JSON.parse(readFileSync(join(folder, 'esm', 'package.json'), 'utf8'));
    expect(manifest.type).to.equal('module');
    const { compilerOptions } = JSON.parse(readFileSync(join(folder, 'esm', 'tsconfig.json'), 'utf8'));
    expect(compilerOptions.module).to.equal('nodenext');
    const main = readFileSync(join(folder, 'esm', 'src', 'main.ts'), 'utf8');
    expect(main).to.include("from './app.js'");
    const spec = readFileSync(join(folder, 'esm', 'spec', 'greetings.controller.spec.ts'), 'utf8');
    expect(spec).to.include("from '../src/app.js'");
  });

  it("with --with, adds each feature's code, spec and exactly pinned packages", () => {
    const { code } = trellis('new', join(folder, 'full'), '--with', 'auth,graphql,websocket,docs');
    expect(code).to.equal(0);
    const manifest = JSON.parse(readFileSync(join(folder, 'full', 'package.json'), 'utf8'));
    expect(manifest.dependencies).to.include.keys('@apollo/server', 'graphiql', 'ws', 'swagger-ui-dist');
    expect(manifest.devDependencies).to.include.keys('@types/ws');
    const pinned = { ...manifest.dependencies, ...manifest.devDependencies };
    delete pinned.trellis;
    for (const version of Object.values(pinned)) expect(version).to.match(/^\d+\.\d+\.\d+$/);
    const app = readFileSync(join(folder, 'full', 'src', 'app.ts'), 'utf8');
    expect(app).to.include('controllers: [GreetingsController, ProfileController]');
    expect(app).to.include('gateways: [EchoGateway]');
    expect(app).to.include('resolvers: [GreetingsResolver]');
    expect(app).to.include('routes: true');
    for (const spec of ['auth', 'greetings.resolver', 'echo.gateway', 'docs'])
      expect(() => readFileSync(join(folder, 'full', 'spec', `${spec}.spec.ts`))).not.to.throw();
  });

  it('with --with database, writes a migration, a repository, its routes and spec, and hooks that make a test database', () => {
    const { code } = trellis('new', join(folder, 'db'), '--with', 'database');
    expect(code).to.equal(0);
    const read = (path: string) => readFileSync(join(folder, 'db', path), 'utf8');
    const manifest = JSON.parse(read('package.json'));
    expect(manifest.dependencies).to.include.keys('kysely', 'pg');
    expect(manifest.dependencies).not.to.have.property('better-sqlite3');
    const app = read('src/app.ts');
    expect(app).to.include('controllers: [GreetingsController, NotesController]');
    expect(app).to.include('providers: [GreetingService, NotesRepository]');
    expect(app).to.include("app.install('database', databaseOptions());");
    expect(read('src/database/database-options.ts')).to.include("'sqlite:data/app.db'");
    expect(read('src/database/migrations.ts')).to.match(/'001_notes'[\s\S]*'serial'/);
    expect(read('src/notes/notes.repository.ts')).to.include('@Inject(Database)');
    expect(read('spec/hooks.ts')).to.include('createTestDatabase(server)');
    expect(read('spec/notes.repository.spec.ts')).to.include('NotesRepository');
    expect(read('.gitignore')).to.equal('node_modules/\ndist/\ndata/\n');
    expect(read('README.md')).to.match(/serves[^\n]*`\/notes`/);
  });

  it('without docs, the README does not advertise /docs and Swagger UI is left off quietly', () => {
    trellis('new', join(folder, 'plain'));
    const readme = readFileSync(join(folder, 'plain', 'README.md'), 'utf8');
    expect(readme).not.to.match(/serves[^\n]*\/docs/);
    expect(readme).not.to.match(/https?:\/\//);
    expect(readFileSync(join(folder, 'plain', 'src', 'app.ts'), 'utf8')).to.include('ui: false');
    trellis('new', join(folder, 'docs'), '--with', 'docs');
    expect(readFileSync(join(folder, 'docs', 'README.md'), 'utf8')).to.match(/serves[^\n]*`\/docs`/);
  });

  it('refuses an unknown feature, naming the known ones', () => {
    const { code, err } = trellis('new', join(folder, 'x'), '--with', 'auth,grpc');
    expect(code).to.equal(2);
    expect(err).to.match(/unknown feature 'grpc' \(known: auth, graphql, websocket, docs, database\)/);
  });

  it('points at the package it runs from when no --trellis is given', () => {
    trellis('new', join(folder, 'app'));
    const manifest = JSON.parse(readFileSync(join(folder, 'app', 'package.json'), 'utf8'));
    expect(manifest.dependencies.trellis).to.match(/^file:\.\.\//);
    const root = join(__dirname, '..', '..', '..');
    expect(resolve(folder, 'app', manifest.dependencies.trellis.slice('file:'.length))).to.equal(root);
  });

  it('writes a tsconfig with the decorator options Trellis needs', () => {
    trellis('new', join(folder, 'app'));
    const { compilerOptions } = JSON.parse(readFileSync(join(folder, 'app', 'tsconfig.json'), 'utf8'));
    expect(compilerOptions).to.include({ experimentalDecorators: true, emitDecoratorMetadata: true });
  });

  it('refuses a folder that is not empty, and writes nothing', () => {
    mkdirSync(join(folder, 'taken'));
    writeFileSync(join(folder, 'taken', 'notes.txt'), 'mine');
    const { code, err } = trellis('new', join(folder, 'taken'));
    expect(code).to.equal(1);
    expect(err).to.match(/is not empty/);
    expect(() => readFileSync(join(folder, 'taken', 'package.json'))).to.throw();
  });

  it('prints the usage with exit code 2 for an unknown command, a missing folder or option', () => {
    expect(trellis('build').code).to.equal(2);
    expect(trellis('new').err).to.match(/Usage: trellis new <dir>/);
    expect(trellis('new', join(folder, 'x'), '--force').err).to.match(/unknown option '--force'/);
    expect(trellis('new', join(folder, 'y'), '--trellis').code).to.equal(2);
  });

  it('prints the usage on stdout with exit code 0 when help is asked for, on any command', () => {
    for (const args of [
      ['--help'],
      ['help'],
      ['new', '--help'],
      ['new', 'app', '-h'],
      ['migrate', '--help'],
    ]) {
      const { code, out, err } = trellis(...args);
      expect({ args, code, err }).to.deep.equal({ args, code: 0, err: '' });
      expect(out).to.match(/Usage: trellis new <dir>/);
    }
    expect(readdirSync(folder)).to.deep.equal([]);
  });
});
