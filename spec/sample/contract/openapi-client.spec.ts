import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { runNode } from '../support/run-tool';
import { sampleDocument } from '../support/sample-document';

// openapi-typescript drives the TypeScript 5 compiler API, which the TypeScript 7 this
// repository builds with does not have: a resolve hook hands it the `ts59` alias instead.
const GENERATE = `
import { register } from 'node:module';
import { readFileSync, writeFileSync } from 'node:fs';
const hook = 'export async function resolve(specifier, context, next) {' +
  '  return next(specifier === "typescript" ? "ts59" : specifier, context); }';
register('data:text/javascript,' + encodeURIComponent(hook));
const { default: openapiTS, astToString } = await import('openapi-typescript');
const [input, output] = process.argv.slice(-2);
writeFileSync(output, astToString(await openapiTS(JSON.parse(readFileSync(input, 'utf8')))));
`;

/** A client of the sample, typed only by the generated `paths`: no cast, no `any`. */
const CLIENT = `
import createClient from 'openapi-fetch';
import type { paths } from './sample-api';

export async function tour(baseUrl: string, password: string): Promise<string[]> {
  const client = createClient<paths>({ baseUrl });
  const login = await client.POST('/auth/login', { body: { username: 'developer', password } });
  if (!login.data) throw new Error(login.error?.message ?? 'login failed');
  const accessToken: string = login.data.accessToken;
  const role: string = login.data.user.role;
  const headers = { Authorization: 'Bearer ' + accessToken };

  const me = await client.GET('/auth/me', { headers });
  const permissions: string[] = me.data?.permissions ?? [];

  const created = await client.POST('/tasks', { headers, body: { title: 'Type the client', status: 'in_progress' } });
  if (!created.data) throw new Error(created.error?.message ?? 'not created');
  const status: 'todo' | 'in_progress' | 'review' | 'done' = created.data.status;
  const assignee: string | null = created.data.assignee?.username ?? null;

  const page = await client.GET('/tasks', { headers, params: { query: { limit: 5 } } });
  if (!page.data) throw new Error(page.error?.message ?? 'no page');
  const titles: string[] = page.data.data.map((task) => task.title);
  const next: string | null = 'nextCursor' in page.data.meta ? page.data.meta.nextCursor : null;
  if (next !== null) {
    const older = await client.GET('/tasks', { headers, params: { query: { cursor: next, limit: 5 } } });
    titles.push(...(older.data?.data.map((task) => task.title) ?? []));
  }
  return [role, ...permissions, status, String(assignee), ...titles];
}
`;

interface Diagnostics {
  count: number;
  text: string;
}

// Type-checks `files` under strict with TypeScript 5.9, the compiler openapi-typescript targets.
function typeCheck(folder: string, files: string[]): Diagnostics {
  const ts = require('ts59') as typeof import('ts59');
  const program = ts.createProgram(
    files.map((file) => join(folder, file)),
    {
      strict: true,
      noEmit: true,
      noUncheckedIndexedAccess: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
      types: [],
      // The folder is outside the repository: packages are looked up in the repository's node_modules.
      baseUrl: folder,
      paths: {
        'openapi-fetch': [require.resolve('openapi-fetch/package.json').replace(/package\.json$/, '')],
      },
      skipLibCheck: true,
    },
  );
  const diagnostics = ts.getPreEmitDiagnostics(program);
  const text = ts.formatDiagnostics(diagnostics, {
    getCanonicalFileName: (name) => name,
    getCurrentDirectory: () => folder,
    getNewLine: () => '\n',
  });
  return { count: diagnostics.length, text };
}

describe('sample OpenAPI document as a typed client sees it', function () {
  this.timeout(180_000);
  let folder: string;

  before(async () => {
    folder = mkdtempSync(join(tmpdir(), 'trellis-client-'));
    writeFileSync(join(folder, 'openapi.json'), JSON.stringify(await sampleDocument()));
    // Run from the repository, so the script finds openapi-typescript and ts59 in its node_modules.
    const script = join(process.cwd(), `.generate-client-${process.pid}.mjs`);
    writeFileSync(script, GENERATE);
    try {
      const run = await runNode(
        [script, join(folder, 'openapi.json'), join(folder, 'sample-api.ts')],
        process.cwd(),
      );
      expect(run.code, run.stderr).to.equal(0);
    } finally {
      rmSync(script, { force: true });
    }
  });
  after(() => rmSync(folder, { recursive: true, force: true }));

  it('compiles a client of login, /auth/me, createTask and a cursor page of /tasks under strict, without casts', () => {
    writeFileSync(join(folder, 'client.ts'), CLIENT);
    expect(CLIENT).not.to.match(/\bas\b|\bany\b/);
    const { count, text } = typeCheck(folder, ['client.ts']);
    expect(count, text).to.equal(0);
  });

  it('refuses a client that misreads an answer, so the answers are really typed', () => {
    const wrong = CLIENT.replace('login.data.accessToken', 'login.data.accessTokn').replace(
      "const status: 'todo' | 'in_progress' | 'review' | 'done' = created.data.status;",
      'const status: number = created.data.status;',
    );
    writeFileSync(join(folder, 'wrong-client.ts'), wrong);
    const { count, text } = typeCheck(folder, ['wrong-client.ts']);
    expect(count).to.be.greaterThan(0);
    expect(text).to.include("Property 'accessTokn' does not exist");
    expect(text).to.match(
      /wrong-client\.ts\(18,\d+\): error TS2322: Type 'string' is not assignable to type 'number'/,
    );
  });
});
