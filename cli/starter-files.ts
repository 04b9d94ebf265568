/** The versions a new project pins: the ones this Trellis was built and tested with. */
export interface StarterVersions {
  trellis: string;
  zod: string;
  typescript: string;
  typesNode: string;
  typesChai: string;
  typesMocha: string;
  typesSinon: string;
  mocha: string;
  chai: string;
  sinon: string;
}

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

/** The files of a new project, by path, for a project called `name`. */
export function starterFiles(name: string, v: StarterVersions): Record<string, string> {
  return {
    'package.json': json({
      name,
      version: '0.1.0',
      private: true,
      scripts: {
        build: 'tsc -p tsconfig.json',
        start: 'tsc -p tsconfig.json && node dist/src/main.js',
        test: 'tsc -p tsconfig.json && mocha',
      },
      dependencies: { trellis: v.trellis, zod: v.zod },
      devDependencies: {
        '@types/chai': v.typesChai,
        '@types/mocha': v.typesMocha,
        '@types/node': v.typesNode,
        '@types/sinon': v.typesSinon,
        chai: v.chai,
        mocha: v.mocha,
        sinon: v.sinon,
        typescript: v.typescript,
      },
    }),
    'tsconfig.json': json({
      compilerOptions: {
        target: 'ES2022',
        module: 'commonjs',
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
    '.mocharc.json': json({ spec: ['dist/spec/**/*.spec.js'], timeout: 10000, exit: true }),
    '.gitignore': 'node_modules/\ndist/\n',
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
import { GreetingService } from './greeting.service';

@Controller('/greetings')
export class GreetingsController {
  constructor(private readonly greetings: GreetingService) {}

  @Get('/:name')
  greet(@Param('name', z.string().min(1).max(50)) name: string) {
    return { text: this.greetings.greet(name) };
  }
}
`,
    'src/app.ts': `import { type AppOptions } from 'trellis';
import { GreetingService } from './greeting.service';
import { GreetingsController } from './greetings.controller';

/** What the application is made of; main.ts serves it, the specs test it. */
export const appOptions: AppOptions = {
  controllers: [GreetingsController],
  providers: [GreetingService],
  openapi: { title: '${name}', version: '0.1.0' },
};
`,
    'src/main.ts': `import { createApp } from 'trellis';
import { appOptions } from './app';

const port = Number(process.env.PORT ?? 3000);
const app = createApp(appOptions);
app.listen(port).then(() => console.log(\`listening on http://127.0.0.1:\${port}\`));
process.once('SIGTERM', () => void app.close());
`,
    'spec/greetings.controller.spec.ts': `import { expect } from 'chai';
import sinon from 'sinon';
import { closeTestApps, createTestApp } from 'trellis/testing';
import { appOptions } from '../src/app';
import { GreetingService } from '../src/greeting.service';

describe('GET /greetings/:name', () => {
  afterEach(async () => {
    sinon.restore();
    await closeTestApps();
  });

  it('answers with what the greeting service says', async () => {
    const app = createTestApp(appOptions);
    const greet = sinon.stub<[string], string>().returns('Hi, Ada');
    app.override(GreetingService, { greet });
    const res = await app.inject({ method: 'GET', url: '/greetings/Ada' });
    expect(res.statusCode).to.equal(200);
    expect(res.json()).to.deep.equal({ text: 'Hi, Ada' });
    expect(greet.calledOnceWith('Ada')).to.equal(true);
  });

  it('refuses a name that is too long with 422', async () => {
    const res = await createTestApp(appOptions).inject({ method: 'GET', url: \`/greetings/\${'a'.repeat(51)}\` });
    expect(res.statusCode).to.equal(422);
  });
});
`,
    'README.md': `# ${name}

A [Trellis](https://www.npmjs.com/package/trellis) application.

\`\`\`sh
npm install && npm start     # builds and serves on :3000 (PORT to change): GET /greetings/Ada, /docs
npm install && npm test      # builds and runs the mocha specs in spec/
\`\`\`

- \`src/greetings.controller.ts\`: the routes; \`src/greeting.service.ts\`: an injectable service.
- \`src/app.ts\`: the controllers and providers; \`src/main.ts\` serves them.
- \`spec/\`: mocha + chai + sinon; \`trellis/testing\` sends requests in process (\`app.inject\`) and
  replaces providers with stubs (\`app.override\`).
- \`tsconfig.json\` has the options Trellis needs: \`experimentalDecorators\` and
  \`emitDecoratorMetadata\` (and \`esModuleInterop\` on TypeScript 5).
`,
  };
}
