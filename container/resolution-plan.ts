import type { Container } from 'inversify';
import { boundScope } from './bind-injectable';
import { containerError } from './container-errors';
import { explicitScope } from './declared-classes';
import { bindDependencyGraph, declaredScope } from './dependency-graph';
import type { DependencyFunction, Provider } from './provider';
import { isFunctionProvider } from './provider-kind';
import { RequestScope, withRequestScope } from './request-scope';
import type { Scope } from './scope';

/** What a resolver needs from the request: its scope, created on first use. */
export interface ScopedContext {
  scope?: RequestScope;
}

/** Resolves one dependency for one request; prepared once at `ready()`. */
export type Resolver = (ctx: ScopedContext) => unknown;

function scopeOf(ctx: ScopedContext): RequestScope {
  if (!ctx.scope) ctx.scope = new RequestScope(ctx);
  return ctx.scope;
}

function planFunction(fn: DependencyFunction, scope: Scope): Resolver {
  if (scope === 'transient') return (ctx) => fn(ctx);
  if (scope === 'singleton') {
    let value: unknown;
    let called = false;
    return (ctx) => {
      if (!called) {
        value = fn(ctx);
        called = true;
      }
      return value;
    };
  }
  return (ctx) => scopeOf(ctx).getOrCreate(fn, () => fn(ctx));
}

/**
 * The resolution plan of one `Depends(provider, scope)`: singletons are resolved here, once;
 * everything else resolves per request inside that request's scope. Refuses, here rather than
 * per request, a scope that contradicts the class's own and a token nothing binds.
 */
export function planResolution(container: Container, provider: Provider, scope?: Scope): Resolver {
  if (isFunctionProvider(provider)) return planFunction(provider, scope ?? 'request');
  if (typeof provider === 'function') {
    const current = boundScope(container, provider) ?? explicitScope(provider);
    if (scope && current && scope !== current) {
      throw containerError('TRELLIS_ERR_SCOPE_CONFLICT', provider.name, scope, current);
    }
    const effective = scope ?? current ?? declaredScope(provider);
    if (!container.isBound(provider)) bindDependencyGraph(container, [provider], effective);
    if (effective === 'singleton') {
      const instance = container.get(provider);
      return () => instance;
    }
  } else if (!container.isBound(provider)) {
    throw containerError('TRELLIS_ERR_UNBOUND_TOKEN', String(provider));
  }
  const token = provider;
  return (ctx) => withRequestScope(scopeOf(ctx), () => container.get(token));
}
