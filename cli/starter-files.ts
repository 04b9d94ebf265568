import { type Feature, STARTER_FEATURES, type StarterClasses, type StarterContext } from './features/index';
import { starterReadme } from './starter-readme';

/** The Node.js major a new project runs on (`.node-version`) and the range it declares. */
const STARTER_NODE_MAJOR = 24;
const STARTER_NODE_RANGE = '>=22.13.0';

/** The version of each package a new project pins: the ones this Trellis was built and tested with. */
export type StarterVersions = (packageName: string) => string;

/** What the project is: module system, features, and trellis's own dependency spec. */
export interface StarterChoices {
  trellis: string;
  esm?: boolean;
  features?: readonly Feature[];
}

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

const sorted = (names: Iterable<string>, version: StarterVersions) =>
  Object.fromEntries([...new Set(names)].sort().map((name) => [name, version(name)]));

const DEV_PACKAGES = [
  '@types/chai',
  '@types/mocha',
  '@types/node',
  '@types/sinon',
  'chai',
  'mocha',
  'sinon',
  'typescript',
];

function appFile(ctx: StarterContext, features: readonly Feature[]): string {
  const { name, rel } = ctx;
  const chosen = features.map((feature) => STARTER_FEATURES[feature]);
  const auth = features.includes('auth');
  const classes: Required<StarterClasses> = {
    controllers: ['GreetingsController'],
    gateways: [],
    resolvers: [],
    providers: ['GreetingService'],
  };
  for (const feature of chosen)
    for (const [option, names] of Object.entries(feature.classes))
      classes[option as keyof StarterClasses].push(...names);
  const trellisNames = ['type AppOptions', 'type Application', ...(auth ? ['AuthService'] : []), 'createApp'];
  const imports = [
    ...chosen.flatMap((feature) => feature.imports(ctx)).filter((line) => line.includes("'node:")),
    `import { ${trellisNames.join(', ')} } from 'trellis';`,
    `import { GreetingService } from '${rel('./greeting.service')}';`,
    `import { GreetingsController } from '${rel('./greetings.controller')}';`,
    ...chosen.flatMap((feature) => feature.imports(ctx)).filter((line) => !line.includes("'node:")),
  ];
  const options = Object.entries(classes)
    .filter(([, names]) => names.length > 0)
    .map(([option, names]) => `    ${option}: [${names.join(', ')}],`);
  const ui = features.includes('docs') ? '' : ', ui: false';
  const configure = chosen.map((feature) => feature.configure ?? '').join('');
  return `${imports.join('\n')}
${auth ? "\n/** The demo user's password. */\nexport const DEMO_PASSWORD = process.env.DEMO_PASSWORD ?? 'Demo-pass-123!';\n" : ''}
/** The whole application, not yet listening: main.ts serves it, the specs pass \`createTestApp\`. */
export function buildApp(create: (options: AppOptions) => Application = createApp): Application {
  const app = create({
${options.join('\n')}
    openapi: { title: '${name}', version: '0.1.0'${ui} },
  });
${configure}  return app;
}
`;
}

const MAIN = (rel: StarterContext['rel']) => `import type { AddressInfo } from 'node:net';
import { buildApp } from '${rel('./app')}';

const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? '127.0.0.1';
const app = buildApp();

app.listen(port, host).then(
  (server) => {
    const { port: bound } = server.address() as AddressInfo;
    console.log(\`listening on http://\${host}:\${bound}\`);
  },
  (err: NodeJS.ErrnoException) => {
    // One line, not a stack: what went wrong and what to do.
    const reason = err.code === 'EADDRINUSE' ? \`port \${port} is already in use (set PORT to another)\` : err.message;
    console.error(\`Could not start: \${reason}\`);
    process.exit(1);
  },
);
process.once('SIGTERM', () => void app.close());
`;

/** The files of a new project, by path, for a project called `name`. */
export function starterFiles(
  name: string,
  version: StarterVersions,
  choices: StarterChoices,
): Record<string, string> {
  const esm = choices.esm ?? false;
  const features = choices.features ?? [];
  const ctx: StarterContext = { name, esm, rel: (path) => (esm ? `${path}.js` : path) };
  const { rel } = ctx;
  const chosen = features.map((feature) => STARTER_FEATURES[feature]);
  const featureFiles = Object.assign({}, ...chosen.map((feature) => feature.files(ctx))) as Record<
    string,
    string
  >;
  return {
    'package.json': json({
      name,
      version: '0.1.0',
      private: true,
      ...(esm ? { type: 'module' } : {}),
      // The Node.js versions Trellis supports: 24 (active LTS) first, 22 (maintenance LTS).
      engines: { node: STARTER_NODE_RANGE },
      scripts: {
        // dist/ is emptied first: a spec or source file deleted from src/ or spec/ never runs stale.
        clean: `node -e "require('node:fs').rmSync('dist', { recursive: true, force: true })"`,
        build: 'npm run clean --silent && tsc -p tsconfig.json',
        start: `node -e "console.log('compiling (tsc) ...')" && npm run build --silent && node dist/src/main.js`,
        test: 'npm run build --silent && mocha',
      },
      dependencies: {
        trellis: choices.trellis,
        ...sorted(['zod', ...chosen.flatMap((feature) => feature.dependencies)], version),
      },
      devDependencies: sorted(
        [...DEV_PACKAGES, ...chosen.flatMap((feature) => feature.devDependencies ?? [])],
        version,
      ),
    }),
    'tsconfig.json': json({
      compilerOptions: {
        target: 'ES2022',
        module: esm ? 'nodenext' : 'commonjs',
        ...(esm ? { moduleResolution: 'nodenext' } : {}),
        rootDir: '.',
        outDir: 'dist',
        strict: true,
        // Trellis reads decorators and the constructor types TypeScript records for them.
        experimentalDecorators: true,
        emitDecoratorMetadata: true,
        esModuleInterop: true,
        skipLibCheck: false,
        types: ['node', 'mocha'],
      },
      include: ['src', 'spec'],
    }),
    '.mocharc.json': json({
      spec: ['dist/spec/**/*.spec.js'],
      require: ['dist/spec/hooks.js'],
      timeout: 10000,
      exit: true,
    }),
    '.gitignore': ['node_modules/', 'dist/', ...chosen.flatMap((feature) => feature.gitignore ?? [])]
      .map((line) => `${line}\n`)
      .join(''),
    // What version managers (nvm, fnm, volta, asdf) and hosting platforms read to pick Node.
    '.node-version': `${STARTER_NODE_MAJOR}\n`,
    'src/greeting.service.ts': `import { Injectable } from 'trellis';

@Injectable()
export class GreetingService {
  greet(name: string): string {
    return \`Hello, \${name}!\`;
  }
}
`,
    'src/greetings.controller.ts': `import { Controller, Get, Param } from 'trellis';
import { z } from 'zod';
import { GreetingService } from '${rel('./greeting.service')}';

@Controller('/greetings')
export class GreetingsController {
  constructor(private readonly greetings: GreetingService) {}

  @Get('/:name')
  greet(@Param('name', z.string().min(1).max(50)) name: string) {
    return { text: this.greetings.greet(name) };
  }
}
`,
    'src/app.ts': appFile(ctx, features),
    'src/main.ts': MAIN(rel),
    'spec/hooks.ts': `import { quietLogs } from 'trellis/testing';

/** Mocha's root hooks (.mocharc.json requires this file): each test's logs, shown only if it fails. */
export const mochaHooks = quietLogs();
`,
    'spec/greetings.controller.spec.ts': `import { expect } from 'chai';
import sinon from 'sinon';
import { closeTestApps, createTestApp } from 'trellis/testing';
import { buildApp } from '${rel('../src/app')}';
import { GreetingService } from '${rel('../src/greeting.service')}';

describe('GET /greetings/:name', () => {
  afterEach(async () => {
    sinon.restore();
    await closeTestApps();
  });

  it('answers with what the greeting service says', async () => {
    const app = buildApp(createTestApp);
    const greet = sinon.stub<[string], string>().returns('Hi, Ada');
    app.override(GreetingService, { greet });
    const res = await app.inject({ method: 'GET', url: '/greetings/Ada' });
    expect(res.statusCode).to.equal(200);
    expect(res.json()).to.deep.equal({ text: 'Hi, Ada' });
    expect(greet.calledOnceWith('Ada')).to.equal(true);
  });

  it('refuses a name that is too long with 422', async () => {
    const app = buildApp(createTestApp);
    const res = await app.inject({ method: 'GET', url: \`/greetings/\${'a'.repeat(51)}\` });
    expect(res.statusCode).to.equal(422);
  });
});
`,
    ...featureFiles,
    'README.md': starterReadme(ctx, features),
  };
}
