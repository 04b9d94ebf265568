import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import * as ts from 'ts59';
import { REPOSITORY_ROOT, sourcesUnder } from './source-files';

/** The folders (and the root entry) whose sources make the graph, relative to the repository root. */
export const GRAPHED_SOURCES = ['src', 'modules', 'testing', 'cli', 'index.ts'] as const;

/** One relative import of a source, resolved to the file it loads. */
export interface ImportEdge {
  /** The importing file, relative to the repository root with `/` separators (`src/jobs/jobs.ts`). */
  readonly from: string;
  /** The specifier as written (`'../kernel'`). */
  readonly specifier: string;
  /** The file it resolves to, as `from`; undefined when no file answers it. */
  readonly to: string | undefined;
  /** Written `import type` / `export type` (or every named binding typed): it loads nothing at run time. */
  readonly typeOnly: boolean;
  /** An `import()` or `require()` call: it loads the file when the call runs, not when the importer loads. */
  readonly dynamic: boolean;
}

/** The import graph of the repository's sources: each file and the relative imports it writes. */
export interface ImportGraph {
  /** Every graphed file, relative to the repository root. */
  readonly files: readonly string[];
  /** Every relative import, export-from, `import()`, `require()` and `import('x').T` type. */
  readonly edges: readonly ImportEdge[];
}

/** A path relative to the repository root, with `/` separators whatever the platform. */
export function repositoryPath(absolute: string): string {
  return relative(REPOSITORY_ROOT, absolute).split(sep).join('/');
}

// A specifier names a file (`./x.json`), a source without its extension (`./x`) or a folder
// with an index (`./x`), as TypeScript's node resolution tries them.
function resolveSpecifier(importer: string, specifier: string): string | undefined {
  const base = resolve(dirname(importer), specifier);
  const candidates = [`${base}.ts`, join(base, 'index.ts'), base];
  const found = candidates.find((candidate) => existsSync(candidate) && statSync(candidate).isFile());
  return found === undefined ? undefined : repositoryPath(found);
}

function isTypeOnlyImport(node: ts.ImportDeclaration): boolean {
  const clause = node.importClause;
  if (clause === undefined) return false; // `import './x'` runs x
  if (clause.isTypeOnly) return true;
  const bindings = clause.namedBindings;
  return (
    clause.name === undefined &&
    bindings !== undefined &&
    ts.isNamedImports(bindings) &&
    bindings.elements.length > 0 &&
    bindings.elements.every((element) => element.isTypeOnly)
  );
}

function isTypeOnlyExport(node: ts.ExportDeclaration): boolean {
  if (node.isTypeOnly) return true;
  const clause = node.exportClause;
  return (
    clause !== undefined &&
    ts.isNamedExports(clause) &&
    clause.elements.length > 0 &&
    clause.elements.every((element) => element.isTypeOnly)
  );
}

/** The specifiers `file` imports, relative or not, with whether each is type-only or dynamic. */
function specifiersOf(file: string): Omit<ImportEdge, 'from' | 'to'>[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
  const found: Omit<ImportEdge, 'from' | 'to'>[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      found.push({ specifier: node.moduleSpecifier.text, typeOnly: isTypeOnlyImport(node), dynamic: false });
    } else if (
      ts.isExportDeclaration(node) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      found.push({ specifier: node.moduleSpecifier.text, typeOnly: isTypeOnlyExport(node), dynamic: false });
    } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) {
      const expression = node.moduleReference.expression;
      if (ts.isStringLiteral(expression)) {
        found.push({ specifier: expression.text, typeOnly: node.isTypeOnly, dynamic: false });
      }
    } else if (ts.isCallExpression(node)) {
      const [argument] = node.arguments;
      const callsImport = node.expression.kind === ts.SyntaxKind.ImportKeyword;
      const callsRequire = ts.isIdentifier(node.expression) && node.expression.text === 'require';
      if ((callsImport || callsRequire) && argument !== undefined && ts.isStringLiteralLike(argument)) {
        found.push({ specifier: argument.text, typeOnly: false, dynamic: true });
      }
    } else if (ts.isImportTypeNode(node)) {
      const argument = node.argument;
      if (ts.isLiteralTypeNode(argument) && ts.isStringLiteral(argument.literal)) {
        found.push({ specifier: argument.literal.text, typeOnly: true, dynamic: false });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/**
 * The graph of relative imports among the sources of `src/`, `modules/`, `testing/`, `cli/` and
 * the root `index.ts`. Module augmentations (`declare module './x'`) are not imports: they load
 * nothing, and TypeScript requires them to name the declaring file.
 */
export function importGraph(): ImportGraph {
  const absolute = GRAPHED_SOURCES.flatMap((entry) => {
    const path = join(REPOSITORY_ROOT, entry);
    return entry.endsWith('.ts') ? [path] : sourcesUnder(path);
  }).filter((file) => !file.endsWith('.d.ts'));
  const edges = absolute.flatMap((file) =>
    specifiersOf(file)
      .filter(({ specifier }) => specifier.startsWith('.'))
      .map((found) => ({
        ...found,
        from: repositoryPath(file),
        to: resolveSpecifier(file, found.specifier),
      })),
  );
  return { files: absolute.map(repositoryPath).sort(), edges };
}

/**
 * The cycles of the graph restricted to `within` files: each strongly connected set of two or
 * more files (or a file importing itself), sorted, as Tarjan's algorithm finds them.
 */
export function cyclesOf(edges: readonly ImportEdge[], within: (file: string) => boolean): string[][] {
  const next = new Map<string, Set<string>>();
  for (const { from, to } of edges) {
    if (to === undefined || !within(from) || !within(to)) continue;
    if (!next.has(from)) next.set(from, new Set());
    next.get(from)?.add(to);
  }
  const index = new Map<string, number>();
  const lowest = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  // Iterative, so a long chain of imports cannot exhaust the call stack.
  for (const root of next.keys()) {
    if (index.has(root)) continue;
    const work: { file: string; pending: string[] }[] = [];
    const enter = (file: string): void => {
      index.set(file, index.size);
      lowest.set(file, index.get(file) as number);
      stack.push(file);
      onStack.add(file);
      work.push({ file, pending: [...(next.get(file) ?? [])] });
    };
    enter(root);
    while (work.length > 0) {
      const frame = work[work.length - 1];
      const target = frame.pending.shift();
      if (target !== undefined) {
        if (!index.has(target)) enter(target);
        else if (onStack.has(target)) {
          lowest.set(frame.file, Math.min(lowest.get(frame.file) as number, index.get(target) as number));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent !== undefined) {
        lowest.set(
          parent.file,
          Math.min(lowest.get(parent.file) as number, lowest.get(frame.file) as number),
        );
      }
      if (lowest.get(frame.file) !== index.get(frame.file)) continue;
      const component: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop() as string;
        onStack.delete(member);
        component.push(member);
      } while (member !== frame.file);
      if (component.length > 1 || next.get(frame.file)?.has(frame.file)) cycles.push(component.sort());
    }
  }
  return cycles.sort((a, b) => a[0].localeCompare(b[0]));
}
