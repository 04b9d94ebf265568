import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { expect } from 'chai';
import { frameworkSources, REPOSITORY_ROOT } from '../../support/source-files';

const BUILT_IN =
  '(?:Error|TypeError|RangeError|SyntaxError|ReferenceError|EvalError|URIError|AggregateError)';

/** What builds or throws an error without a code; rethrowing a caught value (`throw err`) is fine. */
const UNCODED: readonly { what: string; pattern: RegExp }[] = [
  // `new Error(...)`, `TypeError(...)`: thrown, rejected or handed on as a cause, it has no code.
  { what: 'a built-in error class', pattern: new RegExp(`(?<![\\w.$])(?:new\\s+)?${BUILT_IN}\\s*\\(`) },
  { what: 'a thrown literal', pattern: /\bthrow\s+['"`{[\d]/ },
  {
    what: 'a class of errors without a code',
    pattern: new RegExp(`\\bclass\\s+\\w+\\s+extends\\s+${BUILT_IN}\\s*\\{`),
  },
];

/** Files whose matches are not errors of the framework, and why. */
const EXEMPT: Record<string, string> = {
  // The GraphiQL page's script, served as text: it throws in the browser, not in the server.
  'src/graphql/ide/graphiql-script.ts': 'a browser script',
};

// Comments may quote the patterns (this file's own words, a doc comment's example).
function withoutComments(source: string): string {
  return source
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .split('\n')
    .map((line) => (line.trimStart().startsWith('//') ? '' : line))
    .join('\n');
}

/** Each uncoded throw of `source`, as `line: text (what)`. */
function uncodedThrows(source: string): string[] {
  const lines = withoutComments(source).split('\n');
  return lines.flatMap((line, index) =>
    UNCODED.filter(({ pattern }) => pattern.test(line)).map(
      ({ what }) => `${index + 1}: ${line.trim()} (${what})`,
    ),
  );
}

function hasOwnCode(source: string, line: string): boolean {
  const name = /class\s+(\w+)/.exec(line)?.[1];
  const body = source.slice(source.indexOf(`class ${name}`));
  return /\breadonly code\b/.test(body.slice(0, body.indexOf('\n}')));
}

describe('src, container and modules: coded throws', () => {
  it('throw nothing without a code: no built-in error class but through createError', () => {
    const files = frameworkSources();
    expect(files.length).to.be.greaterThan(200);
    const found: string[] = [];
    for (const file of files) {
      const path = relative(REPOSITORY_ROOT, file);
      if (EXEMPT[path]) continue;
      const source = readFileSync(file, 'utf8');
      for (const finding of uncodedThrows(source)) {
        if (finding.endsWith('(a class of errors without a code)') && hasOwnCode(source, finding)) continue;
        found.push(`${path}:${finding}`);
      }
    }
    expect(found, found.join('\n')).to.deep.equal([]);
  });

  describe('the check', () => {
    it('finds each way of throwing an uncoded error', () => {
      const source = [
        "throw new Error('plain');",
        '  if (bad) throw new TypeError(`bad value`);',
        'throw new RangeError(message);',
        "throw Error('called');",
        "return Promise.reject(new Error('rejected'));",
        "done(new SyntaxError('as a cause'));",
        "throw 'a string';",
        'throw { message: "an object" };',
        'class Failure extends Error {',
      ].join('\n');
      expect(uncodedThrows(source).map((finding) => Number.parseInt(finding, 10))).to.deep.equal([
        1, 2, 3, 4, 5, 6, 7, 8, 9,
      ]);
    });

    it('lets coded errors, rethrows and mentions pass', () => {
      const source = [
        'throw new CursorWithoutFieldsError();',
        "throw trellisError('TRELLIS_ERR_AFTER_READY', 'use()');",
        'throw err;',
        'throw toGraphqlError(err, onServerError);',
        'throw redisUnavailable(err);',
        'if (err instanceof Error) return err;',
        'export class HTTPException extends Error {',
        "// throw new Error('in a comment')",
        "/** e.g. throw new TypeError('in a doc comment') */",
        'const isError = (value: unknown): value is Error => value instanceof Error;',
      ].join('\n');
      expect(uncodedThrows(source)).to.deep.equal([
        '7: export class HTTPException extends Error { (a class of errors without a code)',
      ]);
      expect(
        hasOwnCode(
          'export class HTTPException extends Error {\n  readonly code: string;\n}',
          uncodedThrows(source)[0],
        ),
      ).to.equal(true);
    });
  });
});
