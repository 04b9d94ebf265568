import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import {
  MANIFEST,
  type PackedTarball,
  packedTarball,
  removeFolder,
  run,
  tempFolder,
} from '../support/package-tarball';

// A controller and a service as an application writes them, plus the testing kit; main() serves
// them on an ephemeral port, asks over HTTP and in process, and prints both answers.
const APPLICATION = `import { Controller, type ContractController, createApp, Get, Implements, Injectable, Param } from 'trellis';
import { contract, createClient, ErrorBodySchema } from 'trellis/client';
import { closeTestApps, createTestApp } from 'trellis/testing';
import { z } from 'zod';

const greetingsApi = contract({
  greet: {
    method: 'GET',
    path: '/greetings/:name',
    params: z.object({ name: z.string().min(1) }),
    responses: { 200: z.object({ text: z.string() }), 404: ErrorBodySchema },
  },
});

@Controller()
class GreetingsController implements ContractController<typeof greetingsApi> {
  @Implements(greetingsApi.greet)
  greet(@Param('name') name: string) {
    return { text: 'Hi, ' + name };
  }
}

@Injectable()
class Greeter {
  greet(name: string): string {
    return 'Hello, ' + name;
  }
}

@Controller('/hello')
class HelloController {
  constructor(private readonly greeter: Greeter) {}

  @Get('/:name')
  hello(@Param('name', z.string().min(1)) name: string) {
    return { text: this.greeter.greet(name) };
  }
}

async function main(): Promise<void> {
  const app = createApp({
    controllers: [HelloController, GreetingsController],
    providers: [Greeter],
    openapi: false,
  });
  const server = await app.listen(0);
  const { port } = server.address() as { port: number };
  const answer = await fetch('http://127.0.0.1:' + port + '/hello/Ada');
  console.log('http ' + answer.status + ' ' + JSON.stringify(await answer.json()));
  const client = createClient(greetingsApi, { baseUrl: 'http://127.0.0.1:' + port });
  const greeted = await client.greet({ params: { name: 'Lin' } });
  if (greeted.status === 200) console.log('client 200 ' + greeted.body.text);
  await app.close();
  const injected = await createTestApp({ controllers: [HelloController], providers: [Greeter] }).inject({
    method: 'GET',
    url: '/hello/Grace',
  });
  console.log('inject ' + injected.statusCode + ' ' + injected.body);
  await closeTestApps();
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
`;

// The embedded database of an installed project: a migration and a query on a file, no addon.
const DATABASE_APPLICATION = `const { createApp, Database } = require('trellis');

async function main() {
  const app = createApp({ openapi: false }).install('database', {
    url: 'sqlite:data/app.db',
    migrations: {
      '001_notes': {
        up: (db) =>
          db.schema.createTable('notes').addColumn('id', 'integer', (c) => c.primaryKey()).addColumn('text', 'text').execute(),
      },
    },
  });
  await app.ready();
  const db = app.container.get(Database);
  await db.insertInto('notes').values({ text: 'kept' }).execute();
  console.log(JSON.stringify(await db.selectFrom('notes').selectAll().execute()));
  await app.close();
  let addon = true;
  try {
    require.resolve('better-sqlite3');
  } catch {
    addon = false;
  }
  console.log('better-sqlite3 installed: ' + addon);
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
`;

const COMPILER_OPTIONS = {
  target: 'ES2022',
  strict: true,
  experimentalDecorators: true,
  emitDecoratorMetadata: true,
  skipLibCheck: false,
  rootDir: 'src',
  outDir: 'dist',
  types: ['node'],
};

const PROJECTS = {
  commonjs: {
    packageJson: { name: 'app-commonjs', private: true },
    compilerOptions: { ...COMPILER_OPTIONS, module: 'commonjs', esModuleInterop: true },
  },
  esm: {
    packageJson: { name: 'app-esm', private: true, type: 'module' },
    compilerOptions: { ...COMPILER_OPTIONS, module: 'nodenext' },
  },
};

const COMPILERS = {
  'TypeScript 5.9': join('node_modules', 'ts59', 'bin', 'tsc'),
  'TypeScript 7': join('node_modules', 'typescript', 'bin', 'tsc'),
};

function writeProject(folder: string, kind: keyof typeof PROJECTS): void {
  const { packageJson, compilerOptions } = PROJECTS[kind];
  mkdirSync(join(folder, 'src'), { recursive: true });
  writeFileSync(join(folder, 'package.json'), JSON.stringify(packageJson));
  writeFileSync(join(folder, 'tsconfig.json'), JSON.stringify({ compilerOptions, include: ['src'] }));
  writeFileSync(join(folder, 'src', 'main.ts'), APPLICATION);
}

describe('the published package (npm pack, installed outside the repository; slow: npm install)', function () {
  this.timeout(600_000);
  let tarball: PackedTarball;
  let workspace: string | undefined;
  let installOutput: string;

  before(async () => {
    tarball = await packedTarball();
    workspace = tempFolder('package');
    const commonjs = join(workspace, 'commonjs');
    writeProject(commonjs, 'commonjs');
    const dev = MANIFEST.devDependencies;
    const install = await run(
      'npm',
      [
        'install',
        // Nothing to compile: SQLite through node:sqlite, bcrypt's prebuilt binaries (unused here).
        '--ignore-scripts',
        '--save-exact',
        '--no-audit',
        '--no-fund',
        tarball.path,
        `typescript@${dev.typescript}`,
        `ts59@${dev.ts59}`,
        `@types/node@${dev['@types/node']}`,
      ],
      commonjs,
    );
    installOutput = install.stdout + install.stderr;
    // One install serves both projects: the ESM one differs only in its package.json and tsconfig.
    const esm = join(workspace, 'esm');
    writeProject(esm, 'esm');
    symlinkSync(join(commonjs, 'node_modules'), join(esm, 'node_modules'), 'dir');
  });

  after(() => removeFolder(workspace));

  describe('the tarball', () => {
    it('is built by prepack from a clone without dist/', () => {
      expect(tarball.files).to.include.members(['dist/index.js', 'dist/index.d.ts', 'package.json']);
    });

    it('holds the framework, its testing kit and the trellis command only: no specs, no sample, no maps', () => {
      const outside = tarball.files.filter(
        (path) =>
          !/^dist\/(index\.(js|d\.ts)|(src|container|modules|testing|cli)\/.+\.(js|d\.ts))$/.test(path) &&
          !['package.json', 'README.md', 'bin/trellis.js'].includes(path),
      );
      expect(outside).to.deep.equal([]);
      expect(tarball.files).to.include.members([
        'dist/testing/index.d.ts',
        'dist/cli/main.js',
        'bin/trellis.js',
      ]);
    });
  });

  it('installs with its required dependencies only, without an EBADENGINE warning', () => {
    expect(installOutput).not.to.match(/EBADENGINE/);
    const optional = Object.keys(MANIFEST.peerDependencies);
    const installed = optional.filter((name) => {
      try {
        require.resolve(`${name}/package.json`, { paths: [join(workspace!, 'commonjs')] });
        return true;
      } catch {
        return false;
      }
    });
    expect(installed).to.deep.equal([]);
  });

  it('migrates and queries a SQLite file through node:sqlite, installed with --ignore-scripts', async () => {
    const folder = join(workspace!, 'commonjs');
    writeFileSync(join(folder, 'database.js'), DATABASE_APPLICATION);
    const { stdout } = await run(process.execPath, ['database.js'], folder);
    expect(stdout.trim().split('\n')).to.deep.equal([
      '[{"id":1,"text":"kept"}]',
      'better-sqlite3 installed: false',
    ]);
  });

  for (const kind of Object.keys(PROJECTS) as (keyof typeof PROJECTS)[]) {
    describe(`in ${kind === 'esm' ? 'an ESM (nodenext, "type": "module")' : 'a CommonJS'} project`, () => {
      for (const [compiler, tsc] of Object.entries(COMPILERS)) {
        it(`compiles a controller, a contract with its client and the testing kit with skipLibCheck: false on ${compiler}, starts and answers`, async () => {
          const folder = join(workspace!, kind);
          await run(process.execPath, [tsc, '-p', '.'], folder);
          const { stdout } = await run(process.execPath, [join('dist', 'main.js')], folder);
          expect(stdout.trim().split('\n')).to.deep.equal([
            'http 200 {"text":"Hello, Ada"}',
            'client 200 Hi, Lin',
            'inject 200 {"text":"Hello, Grace"}',
          ]);
        });
      }
    });
  }
});
