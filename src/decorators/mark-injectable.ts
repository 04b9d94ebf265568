import { inversify } from '../../container/inversify-runtime';

const marked = new WeakSet<Function>();

/**
 * Applies Inversify's `injectable()` once per class: Inversify refuses a second application,
 * and a class may combine two Trellis class decorators (`Controller` with `Injectable('request')`).
 */
export function markInjectable(target: Function): void {
  if (marked.has(target)) return;
  marked.add(target);
  inversify.injectable()(target);
}
