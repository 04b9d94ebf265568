import type { AppContainer } from './app-container';
import { boundScope } from './bind-injectable';
import { boundClass } from './bound-classes';
import { containerError } from './container-errors';
import { explicitScope, isDeclared } from './declared-classes';
import { INVERSIFY_CLASS_METADATA } from './inversify';
import type { Provider } from './provider';
import { isFunctionProvider } from './provider-kind';
import type { Scope } from './scope';

/** How long a node of the graph lives: a Trellis scope, or `value` for a token bound to something else. */
export type NodeScope = Scope | 'value';

/** One provider of the graph: its name, its scope, and the names of what it needs. */
export interface ProviderNode {
  /** The class's, function's or token's name. */
  name: string;
  /** How long it lives. */
  scope: NodeScope;
  /** The names of what it needs. */
  dependencies: string[];
}

/** What `ready()` refuses in the graph, with the path that shows it (holder first). */
export interface GraphProblem {
  /** What is wrong: a singleton holding a request-scoped provider, a cycle, a token nothing binds. */
  kind: 'scope-capture' | 'cycle' | 'unbound';
  /** The names on the way: holder first; a cycle ends where it began. */
  path: string[];
  /** For `unbound`: whether a constructor parameter or a method's `Depends()` names the token. */
  by?: 'constructor' | 'depends';
}

/** The providers an application's classes reach, and what is wrong with them. */
export interface ProviderGraph {
  providers: ProviderNode[];
  problems: GraphProblem[];
}

/** One `Depends()` of a class's methods: what it resolves, and the scope it names. */
export interface MethodDependency {
  provider: unknown;
  scope?: Scope;
}

/** What a class's methods take through `Depends()`, as the layer above recorded it. */
export type MethodDependencies = (target: Function) => readonly MethodDependency[];

type Token = unknown;

function tokenName(token: Token): string {
  if (typeof token === 'function') return token.name || '(anonymous)';
  return String(token);
}

// Inversify's lazy identifier (`@Inject(new LazyServiceIdentifier(() => B))`) holds the token behind `unwrap()`.
function unwrapped(token: Token): Token {
  const lazy = token as { unwrap?: () => Token } | null;
  return lazy && typeof lazy === 'object' && typeof lazy.unwrap === 'function' ? lazy.unwrap() : token;
}

// Inversify's ClassElementMetadataKind.unmanaged: a parameter the container leaves to the caller.
const UNMANAGED = 2;

function constructorTokens(target: Function): Token[] {
  const types: unknown[] = Reflect.getOwnMetadata('design:paramtypes', target) ?? [];
  const metadata = Reflect.getOwnMetadata(INVERSIFY_CLASS_METADATA, target) as
    | {
        constructorArguments?: (
          | { kind?: number; value?: Token; isFromTypescriptParamType?: boolean }
          | undefined
        )[];
      }
    | undefined;
  const injected = metadata?.constructorArguments ?? [];
  const count = Math.max(types.length, injected.length);
  const tokens: Token[] = [];
  for (let index = 0; index < count; index++) {
    const argument = injected[index];
    if (argument?.kind === UNMANAGED) continue;
    if (argument && !argument.isFromTypescriptParamType && argument.value !== undefined)
      tokens.push(unwrapped(argument.value));
    else if (typeof types[index] === 'function' && types[index] !== Object) tokens.push(types[index]);
  }
  return tokens;
}

/**
 * Describes the dependency graph `roots` reach without binding or building anything: every
 * provider with its scope and dependencies, and every problem `ready()` refuses (a singleton
 * capturing a request-scoped provider, a cycle, a token nothing binds), all of them, not the first.
 */
export function providerGraph(
  container: AppContainer,
  roots: Iterable<Function>,
  methodDependencies: MethodDependencies = () => [],
): ProviderGraph {
  const nodes = new Map<Token, ProviderNode>();
  const problems: GraphProblem[] = [];
  const seenProblems = new Set<string>();
  const report = (problem: GraphProblem) => {
    const key = `${problem.kind}:${problem.path.join('>')}`;
    if (seenProblems.has(key)) return;
    seenProblems.add(key);
    problems.push(problem);
  };
  const scopeOf = (token: Token, named?: Scope): NodeScope =>
    typeof token === 'function'
      ? (boundScope(container, token) ?? explicitScope(token) ?? named ?? 'singleton')
      : container.isBound(token as symbol)
        ? 'value'
        : 'singleton';
  // A token counts as bound when the container binds it, or when it is a declared class Trellis will bind.
  const resolvable = (token: Token): boolean =>
    container.isBound(token as symbol) || (typeof token === 'function' && isDeclared(token));
  const markUnbound = (holder: Token, token: Token, by: 'constructor' | 'depends'): void => {
    report({ kind: 'unbound', path: [tokenName(holder), tokenName(token)], by });
    if (!nodes.has(token)) nodes.set(token, { name: tokenName(token), scope: 'value', dependencies: [] });
  };
  const visit = (
    token: Token,
    path: Token[],
    holderScope: NodeScope | undefined,
    through: Token[],
    named?: Scope,
  ): void => {
    // The path is one array, pushed and popped, with a set beside it: a graph of a thousand
    // providers is walked without copying paths or scanning them.
    if (onPath.has(token)) {
      const cycleStart = path.indexOf(token);
      report({ kind: 'cycle', path: [...path.slice(cycleStart), token].map(tokenName) });
      return;
    }
    const scope = scopeOf(token, named);
    if (scope === 'request' && holderScope === 'singleton') {
      const holder = path[path.length - 1 - through.length];
      report({ kind: 'scope-capture', path: [holder, ...through, token].map(tokenName) });
    }
    const known = nodes.get(token);
    if (known && scope !== 'transient' && !(scope === 'value' && boundClass(container, token))) return;
    const bound = boundClass(container, token);
    // A class token is built as what it is bound to (an override's replacement); any other token
    // bound with `.to(Class)` leads to that class.
    const dependencies =
      typeof token === 'function'
        ? isFunctionProvider(token as Provider)
          ? []
          : constructorTokens(bound ?? token)
        : bound
          ? [bound]
          : [];
    // A method's Depends() resolves per call, in its own scope: a new root, never a capture or a cycle.
    const perCall = typeof token === 'function' ? methodDependencies(token) : [];
    if (!known) {
      const names = [...dependencies, ...perCall.map(({ provider }) => provider)].map(tokenName);
      nodes.set(token, { name: tokenName(token), scope, dependencies: [...new Set(names)] });
      for (const { provider, scope: named } of perCall) {
        if (isFunctionProvider(provider as Provider)) {
          if (!nodes.has(provider))
            nodes.set(provider, { name: tokenName(provider), scope: named ?? 'request', dependencies: [] });
        } else if (typeof provider !== 'function' && !container.isBound(provider as symbol))
          markUnbound(token, provider, 'depends');
        else later.push({ provider, scope: named });
      }
    }
    // What a transient or a token's alias builds lives as long as what holds them.
    const passes = scope === 'transient' || (scope === 'value' && bound !== undefined);
    const nextHolder = passes ? holderScope : scope;
    const nextThrough = passes ? [...through, token] : [];
    path.push(token);
    onPath.add(token);
    for (const dependency of dependencies) {
      if (!resolvable(dependency)) markUnbound(token, dependency, 'constructor');
      else visit(dependency, path, nextHolder, nextThrough);
    }
    path.pop();
    onPath.delete(token);
  };
  const onPath = new Set<Token>();
  // What methods take through Depends() is walked as a root of its own once the current walk ends.
  const later: MethodDependency[] = [];
  const path: Token[] = [];
  for (const root of roots) {
    visit(root, path, undefined, []);
    for (let next = later.pop(); next; next = later.pop())
      visit(next.provider, path, undefined, [], next.scope);
  }
  return { providers: [...nodes.values()], problems };
}

/**
 * Refuses what only Inversify would find, as it first resolves a class: a cycle of constructor
 * dependencies (with its path) and a constructor parameter injected with a token nothing binds.
 */
export function assertProviderGraph(graph: ProviderGraph): void {
  for (const problem of graph.problems) {
    if (problem.kind === 'cycle')
      throw containerError('TRELLIS_ERR_DEPENDENCY_CYCLE', problem.path.join(' -> '));
    // A module's own token (Symbol.for('trellis.*')) left unbound is its module's to name, with the
    // module to install (`Transactional()` without the database module), not a token to bind.
    if (
      problem.kind === 'unbound' &&
      problem.by === 'constructor' &&
      !problem.path[1].startsWith('Symbol(trellis.')
    )
      throw containerError('TRELLIS_ERR_UNBOUND_INJECTED_TOKEN', problem.path[0], problem.path[1]);
  }
}
