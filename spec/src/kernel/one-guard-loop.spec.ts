import { expect } from 'chai';
import * as ts from 'ts59';
import { placeOf, type SourceProgram, sourceProgram } from '../../support/source-program';

// Guards run in one loop, `src/kernel/guards/guarded.ts`: every transport, the upgrade and tracing
// reach the checks through `guarded()` or `runGuards()`. A second loop is found by the type of
// what it walks, not by names: a list of checks is whatever TypeScript types as a list of the
// kernel's `GuardCheck` (the alias survives inference from `compileGuards` and
// `GuardDefinition.compile`, whatever the variable is called or wherever it is stored). Outside
// the loop's file, such a list may be passed on whole, copied into another array literal and have
// its `length` read; everything that reaches its elements is a loop of its own:
// - `for ... of` / `for ... in` over it, an index (`checks[i]`), destructuring (`const [a] = checks`);
// - any method but `length` (`forEach`, `map`, `reduce`, `every`, `at`, `values`, ...);
// - handing it where it stops being a list of checks (`Array.from(checks)`, `new Set(checks)`,
//   `Promise.all(checks)`, a parameter typed `Function[]`, spread into a call's arguments), since
//   the elements would then be walked out of sight.
const LOOP_FILE = 'src/kernel/guards/guarded.ts';
const KERNEL_BARREL = 'src/kernel/index.ts';

function guardCheckAlias({ program, checker }: SourceProgram): ts.Symbol {
  const barrel = program.getSourceFiles().find((file) => file.fileName.endsWith(KERNEL_BARREL));
  const module = barrel && checker.getSymbolAtLocation(barrel);
  const exported =
    module && checker.getExportsOfModule(module).find((symbol) => symbol.name === 'GuardCheck');
  if (!exported) throw new Error(`${KERNEL_BARREL} does not export GuardCheck`);
  return exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
}

/** Every place outside the loop's file that reaches the elements of a list of guard checks. */
function guardLoops(source: SourceProgram): string[] {
  const { checker, files } = source;
  const guardCheck = guardCheckAlias(source);
  const isCheck = (type: ts.Type): boolean =>
    type.aliasSymbol === guardCheck || (type.isUnion() && type.types.some(isCheck));
  const isCheckList = (type: ts.Type): boolean => {
    const defined = checker.getNonNullableType(type);
    if (defined.isUnion()) return defined.types.some(isCheckList);
    if (!checker.isArrayType(defined) && !checker.isTupleType(defined)) return false;
    return checker.getTypeArguments(defined as ts.TypeReference).some(isCheck);
  };
  const listAt = (node: ts.Node): boolean => isCheckList(checker.getTypeAtLocation(node));
  // Only names an array has are worth a type: typing every receiver costs seconds.
  const array = checker.resolveName('Array', undefined, ts.SymbolFlags.Interface, false);
  const arrayMembers = new Set(
    array
      ? checker
          .getDeclaredTypeOfSymbol(array)
          .getProperties()
          .map((p) => p.name)
      : [],
  );
  if (!arrayMembers.has('forEach')) throw new Error('the lib has no Array');
  arrayMembers.delete('length');
  const handedAway = (call: ts.CallExpression | ts.NewExpression, argument: ts.Expression): boolean => {
    if (ts.isSpreadElement(argument)) return listAt(argument.expression);
    // A list is handed on by the name it is held under: a variable, a property, an element.
    if (
      !ts.isIdentifier(argument) &&
      !ts.isPropertyAccessExpression(argument) &&
      !ts.isElementAccessExpression(argument)
    )
      return false;
    if (!listAt(argument)) return false;
    const signature = checker.getResolvedSignature(call);
    const index = call.arguments?.indexOf(argument) ?? -1;
    const parameter = signature?.parameters[Math.min(index, (signature?.parameters.length ?? 1) - 1)];
    return !parameter || !isCheckList(checker.getTypeOfSymbolAtLocation(parameter, call));
  };
  const found: string[] = [];
  for (const file of files) {
    if (file.fileName.endsWith(LOOP_FILE)) continue;
    const visit = (node: ts.Node): void => {
      let loop = false;
      if (ts.isForOfStatement(node) || ts.isForInStatement(node)) loop = listAt(node.expression);
      else if (ts.isElementAccessExpression(node)) loop = listAt(node.expression);
      else if (ts.isPropertyAccessExpression(node))
        loop = arrayMembers.has(node.name.text) && listAt(node.expression);
      else if (ts.isVariableDeclaration(node) && ts.isArrayBindingPattern(node.name))
        loop = node.initializer !== undefined && listAt(node.initializer);
      else if (ts.isCallExpression(node) || ts.isNewExpression(node))
        loop = (node.arguments ?? []).some((argument) => handedAway(node, argument));
      if (loop) found.push(placeOf(node));
      ts.forEachChild(node, visit);
    };
    visit(file);
  }
  return found;
}

// Every way a second loop could be written, and the uses that are not one.
const PROBE = `
import { compileGuards, type GuardCheck, type GuardRegistry, type GuardSite } from '../../src/kernel';

declare const registry: GuardRegistry;
declare const site: GuardSite;
declare const ctx: Parameters<GuardCheck>[0];
const renamed = compileGuards([], registry, site);
const held = { list: renamed };
const takesFunctions = (fns: readonly Function[]) => fns;
const takesChecks = (checks: readonly GuardCheck[]) => checks.length;
const takesEach = (...fns: Function[]) => fns;

export function secondLoops(): void {
  for (const check of renamed) check(ctx);
  for (let i = 0; i < held.list.length; i++) held.list[i](ctx);
  renamed.forEach((check) => check(ctx));
  renamed.reduce((pending: unknown, check) => pending ?? check(ctx), undefined);
  void Promise.all(Array.from(renamed, (check) => check(ctx)));
  const [first] = renamed;
  first(ctx);
  takesFunctions(renamed);
  for (const check of new Set(held.list)) check(ctx);
  takesEach(...renamed);
}

export function notLoops(): number {
  const copy = [...renamed, ...held.list];
  return takesChecks(copy) + held.list.length;
}
`;

describe('the guard loop: one for every transport', () => {
  it(`is the only loop over guard checks in src/ and modules/ (${LOOP_FILE})`, function () {
    this.timeout(120_000);
    const source = sourceProgram(['src', 'modules']);
    expect(source.files.length).to.be.greaterThan(300);
    expect(guardLoops(source)).to.deep.equal([]);
  });

  it('sees a second loop however it is written, and passing a list on is none', function () {
    this.timeout(60_000);
    const found = guardLoops(sourceProgram([], { 'modules/probe/second-loop.ts': PROBE }));
    const lines = PROBE.split('\n');
    const lineOf = (text: string) => lines.findIndex((line) => line.includes(text)) + 1;
    const expected = [
      'for (const check of renamed)',
      'held.list[i](ctx)',
      'renamed.forEach(',
      'renamed.reduce(',
      'Array.from(renamed',
      'const [first] = renamed',
      'takesFunctions(renamed)',
      'new Set(held.list)',
      'takesEach(...renamed)',
    ].map((text) => `modules/probe/second-loop.ts:${lineOf(text)}`);
    expect([...new Set(found)]).to.deep.equal(expected);
  });
});
