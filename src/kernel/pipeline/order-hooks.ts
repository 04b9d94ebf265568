import { trellisError } from '../errors/trellis-errors';
import type { PipelineHook } from './pipeline-hook';

/**
 * The hooks of one phase in the order their `before`/`after` ask for, ties broken by the order
 * they were added; a name used twice, or an order that goes round in a circle, fails `ready()`.
 * A name that no hook has is ignored: a hook may place itself next to an optional feature's.
 */
export function orderHooks<H extends PipelineHook>(hooks: readonly H[]): H[] {
  const byName = new Map<string, H>();
  for (const hook of hooks) {
    if (byName.has(hook.name)) throw trellisError('TRELLIS_ERR_HOOK_NAME_TAKEN', hook.name, hook.phase);
    byName.set(hook.name, hook);
  }
  // Edges from each hook to the hooks that must come after it.
  const later = new Map<H, Set<H>>(hooks.map((hook) => [hook, new Set<H>()]));
  for (const hook of hooks) {
    for (const name of hook.before ?? []) {
      const other = byName.get(name);
      if (other) later.get(hook)!.add(other);
    }
    for (const name of hook.after ?? []) {
      const other = byName.get(name);
      if (other) later.get(other)!.add(hook);
    }
  }
  const waiting = new Map<H, number>(hooks.map((hook) => [hook, 0]));
  for (const successors of later.values())
    for (const next of successors) waiting.set(next, waiting.get(next)! + 1);
  const ordered: H[] = [];
  const remaining = [...hooks];
  while (remaining.length > 0) {
    const index = remaining.findIndex((hook) => waiting.get(hook) === 0);
    if (index < 0)
      throw trellisError('TRELLIS_ERR_HOOK_ORDER_CYCLE', remaining.map((hook) => hook.name).join(', '));
    const [next] = remaining.splice(index, 1);
    ordered.push(next!);
    for (const successor of later.get(next!)!) waiting.set(successor, waiting.get(successor)! - 1);
  }
  return ordered;
}
