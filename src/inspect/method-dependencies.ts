import type { MethodDependency } from '../../container/provider-graph';
import { metadataRegistry } from '../kernel';

/** What the methods of `target` take through `Depends()`, with the scope each names. */
export function methodDependencies(target: Function): MethodDependency[] {
  const methods = metadataRegistry.find(target)?.methods;
  if (!methods) return [];
  const found: MethodDependency[] = [];
  for (const method of methods.values())
    for (const param of method.params)
      if (param.kind === 'depends' && param.provider !== undefined)
        found.push({ provider: param.provider, scope: param.scope });
  return found;
}
