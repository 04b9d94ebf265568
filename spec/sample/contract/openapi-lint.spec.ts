import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import type { OpenApiDocument } from '../../../src';
import { binOf, runNode } from '../support/run-tool';
import { sampleDocument } from '../support/sample-document';

interface RedoclyProblem {
  ruleId: string;
  severity: string;
  message: string;
  location: { pointer: string }[];
}

interface SpectralResult {
  code: string;
  message: string;
  severity: number;
  path: string[];
}

// A pointer such as `#/paths/~1health/get/responses` back to the operation it names.
function operationAt(document: OpenApiDocument, pointer: string): Record<string, unknown> {
  const [, , path, method] = pointer.split('/');
  const item = document.paths[path.replace(/~1/g, '/').replace(/~0/g, '~')] as Record<
    string,
    Record<string, unknown>
  >;
  return item[method];
}

describe('sample OpenAPI document under the linters', function () {
  // The linters start slowly on a busy machine.
  this.timeout(180_000);
  let document: OpenApiDocument;
  let folder: string;
  let file: string;

  before(async () => {
    document = await sampleDocument();
    folder = mkdtempSync(join(tmpdir(), 'trellis-openapi-'));
    file = join(folder, 'openapi.json');
    writeFileSync(file, JSON.stringify(document, null, 2));
  });
  after(() => rmSync(folder, { recursive: true, force: true }));

  it('passes the Redocly recommended rules; only operations without a client error lack a 4xx', async () => {
    const run = await runNode(
      [binOf('@redocly/cli', 'bin/cli.js'), 'lint', '--extends=recommended', '--format=json', file],
      folder,
    );
    const report = JSON.parse(run.stdout) as { problems: RedoclyProblem[] };
    const others = report.problems.filter((problem) => problem.ruleId !== 'operation-4xx-response');
    expect(others, JSON.stringify(others, null, 2)).to.deep.equal([]);
    for (const problem of report.problems.filter((p) => p.ruleId === 'operation-4xx-response')) {
      const operation = operationAt(document, problem.location[0].pointer);
      const statuses = Object.keys(operation.responses as object);
      expect(
        statuses.filter((status) => status.startsWith('4')),
        problem.location[0].pointer,
      ).to.deep.equal([]);
    }
  });

  it('declares the answer of every route: a success schema, never "anything"', () => {
    const untyped: string[] = [];
    for (const [path, item] of Object.entries(document.paths))
      for (const [method, operation] of Object.entries(item)) {
        const success = Object.entries(operation.responses).find(([status]) => status.startsWith('2'));
        // JSON, or the bytes of a download or an event stream: each with its own schema.
        const content = (success?.[1] as { content?: Record<string, { schema: object }> })?.content ?? {};
        const schema = Object.values(content)[0]?.schema;
        if (!schema || Object.keys(schema).length === 0) untyped.push(`${method.toUpperCase()} ${path}`);
      }
    expect(untyped).to.deep.equal([]);
  });

  it('passes spectral:oas with no error, warning, information or hint', async () => {
    writeFileSync(join(folder, '.spectral.yaml'), 'extends: ["spectral:oas"]\n');
    const run = await runNode(
      [
        binOf('@stoplight/spectral-cli', 'dist/index.js'),
        'lint',
        file,
        '--ruleset',
        join(folder, '.spectral.yaml'),
        '--format',
        'json',
        '--quiet',
      ],
      folder,
    );
    const results = JSON.parse(run.stdout.slice(run.stdout.indexOf('['))) as SpectralResult[];
    expect(
      results.map(({ code, message, path }) => `${code} at ${path.join('.')}: ${message}`),
    ).to.deep.equal([]);
  });
});
