import { readFileSync } from 'node:fs';
import { expect } from 'chai';
import * as ts from 'ts59';
import type { ContractMethod, HandlerMethod, HttpMethod, InjectOptions } from '../../../index';
import { HTTP_METHODS } from '../../../src/http/http-methods';
import type { OperationMethod } from '../../../src/openapi/document-types';
import { placeOf, sourcesUnder } from '../../support/source-program';

// HTTP methods are listed once, in `src/http/http-methods.ts`. A list elsewhere is two or more
// method names written as string literals in one array, one union type, one object (as keys in
// upper case or as values), one `switch`'s cases, one regular expression or one string
// ('GET, HEAD'); found on the syntax tree, so comments and longer words ('target', 'getter') never
// count. One name on its own (`method === 'GET'`, `{ method: 'GET', path }`) is a use, not a list;
// lower-case keys are not counted either, since `get` and `delete` are also the methods of every map.
const TABLE_FILE = 'src/http/http-methods.ts';
const NAMES = new Set([...HTTP_METHODS, 'ALL', 'TRACE', 'CONNECT']);
const NAME_WORDS = new RegExp(`\\b(${[...NAMES].join('|')})\\b`, 'g');
const NAME_LIST = new RegExp(`^\\s*(${[...NAMES].join('|')})(\\s*[,|]\\s*(${[...NAMES].join('|')}))+\\s*$`);

const isName = (text: string): boolean => NAMES.has(text.toUpperCase());
const literalName = (node: ts.Node | undefined): boolean =>
  node !== undefined && ts.isStringLiteralLike(node) && isName(node.text);
const upperCaseKey = (name: ts.PropertyName | undefined): boolean =>
  name !== undefined && (ts.isIdentifier(name) || ts.isStringLiteral(name)) && NAMES.has(name.text);
const count = <T>(items: readonly T[], test: (item: T) => boolean): number => items.filter(test).length;

/** The places in `file` where two or more method names are listed together. */
function methodLists(file: ts.SourceFile): string[] {
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    let names = 0;
    if (ts.isArrayLiteralExpression(node)) names = count(node.elements, literalName);
    else if (ts.isUnionTypeNode(node))
      names = count(node.types, (type) => ts.isLiteralTypeNode(type) && literalName(type.literal));
    else if (ts.isObjectLiteralExpression(node))
      names = count(
        node.properties,
        (property) =>
          upperCaseKey(property.name) ||
          (ts.isPropertyAssignment(property) && literalName(property.initializer)),
      );
    else if (ts.isTypeLiteralNode(node) || ts.isInterfaceDeclaration(node))
      names = count(node.members, (member) => upperCaseKey(member.name));
    else if (ts.isCaseBlock(node))
      names = count(node.clauses, (clause) => ts.isCaseClause(clause) && literalName(clause.expression));
    else if (ts.isRegularExpressionLiteral(node)) names = node.text.match(NAME_WORDS)?.length ?? 0;
    else if (ts.isStringLiteralLike(node) && NAME_LIST.test(node.text)) names = 2;
    if (names >= 2) found.push(placeOf(node));
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

// The public types read from the table keep the unions they were written as: a change fails the build.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const PUBLIC_METHOD_TYPES: [
  Same<HttpMethod, 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH' | 'ALL'>,
  Same<HandlerMethod, 'GET' | 'HEAD' | 'POST' | 'PUT' | 'DELETE' | 'PATCH' | 'OPTIONS'>,
  Same<ContractMethod, 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'>,
  Same<OperationMethod, 'get' | 'post' | 'put' | 'delete' | 'patch'>,
  Same<
    InjectOptions['method'],
    'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS' | Lowercase<string>
  >,
] = [true, true, true, true, true];
void PUBLIC_METHOD_TYPES;

function parse(path: string, text: string): ts.SourceFile {
  return ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
}

// Every way a list could be written, and the uses that are not one.
const PROBE = `
const verbs = ['get', 'post'];
type Verb = 'PUT' | 'PATCH' | 'other';
const handlers = { GET: read, POST: write };
const routes = { read: 'HEAD', write: 'DELETE' };
interface ByMethod { GET: string; OPTIONS: string }
switch (method) { case 'GET': case 'HEAD': break; }
const pattern = /^(GET|HEAD)$/;
const allow = 'GET, HEAD, OPTIONS';
const methods = new Set(['ALL', 'TRACE']);

if (method === 'GET' || method === 'HEAD') answer();
const route = { method: 'GET', path: '/' };
const store = { get() {}, delete() {} };
const single = ['GET'];
// GET, POST and PUT in a comment.
const words = ['target', 'getter', 'post office'];
`;

describe('the HTTP method table: one for every list of methods', () => {
  it(`is the only list of method names in src/ and modules/ (${TABLE_FILE})`, () => {
    const files = [...sourcesUnder('src'), ...sourcesUnder('modules')].filter(
      (path) => !path.endsWith(TABLE_FILE),
    );
    expect(files.length).to.be.greaterThan(300);
    expect(files.flatMap((path) => methodLists(parse(path, readFileSync(path, 'utf8'))))).to.deep.equal([]);
  });

  it('sees a list however it is written, and a single method is none', () => {
    const lines = PROBE.split('\n');
    const listed = lines.slice(
      0,
      lines.findIndex((line) => line.startsWith('if (')),
    );
    const expected = listed.flatMap((line, index) => (line.trim() ? [`probe.ts:${index + 1}`] : []));
    expect(methodLists(parse('probe.ts', PROBE))).to.deep.equal(expected);
  });
});
