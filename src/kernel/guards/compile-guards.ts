import { trellisError } from '../errors/trellis-errors';
import type { GuardMetadata } from '../metadata/types';
import type { GuardCheck, GuardDefinition, GuardRegistry, GuardSite } from './guard-registry';

interface OrderedGuard {
  definition: GuardDefinition;
  options: unknown[];
}

// The guards of one handler with those they require, in priority order, each with its options.
function orderGuards(
  declared: readonly GuardMetadata[],
  registry: GuardRegistry,
  where: string,
): OrderedGuard[] {
  const optionsByKind = new Map<string, unknown[]>();
  const add = (kind: string, options: unknown, label: string, module: string): void => {
    const definition = registry.get(kind);
    if (!definition) throw trellisError('TRELLIS_ERR_MODULE_NOT_INSTALLED', label, where, module);
    const list = optionsByKind.get(kind) ?? [];
    if (options !== undefined) list.push(options);
    optionsByKind.set(kind, list);
    for (const required of definition.requires ?? []) {
      if (!optionsByKind.has(required))
        add(required, undefined, `${label} (which needs ${required})`, required);
    }
  };
  for (const guard of declared) add(guard.kind, guard.options, guard.label, guard.module);
  return [...optionsByKind.entries()]
    .map(([kind, options]) => ({ definition: registry.get(kind)!, options }))
    .sort((a, b) => a.definition.priority - b.definition.priority);
}

/**
 * The checks of one handler, in priority order: the guards of its class and its method,
 * plus those they require. Fails with a clear message when a guard's module is missing.
 */
export function compileGuards(
  declared: GuardMetadata[],
  registry: GuardRegistry,
  site: GuardSite,
): GuardCheck[] {
  return orderGuards(declared, registry, `${site.className}.${site.methodName}`).map(
    ({ definition, options }) => definition.compile(options, site),
  );
}

/** The kinds of the checks `compileGuards` makes of `declared`, in the order they run. */
export function guardKinds(
  declared: readonly GuardMetadata[],
  registry: GuardRegistry,
  where: string,
): string[] {
  return orderGuards(declared, registry, where).map(({ definition }) => definition.kind);
}
