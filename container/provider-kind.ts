import { isDeclared } from './declared-classes';
import type { DependencyFunction, Provider } from './provider';

/** Whether a `Depends` provider is a class (resolved by the container) or a plain function. */
export function isClassProvider(provider: Provider): provider is new (...args: any[]) => unknown {
  if (typeof provider !== 'function') return false;
  if (isDeclared(provider)) return true;
  return /^class[\s{]/.test(Function.prototype.toString.call(provider));
}

/** Whether a `Depends` provider is a plain `(ctx) => value` function. */
export function isFunctionProvider(provider: Provider): provider is DependencyFunction {
  return typeof provider === 'function' && !isClassProvider(provider);
}
