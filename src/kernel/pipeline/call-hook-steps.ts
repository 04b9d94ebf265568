import type { CallContext } from '../call-context';
import type { HookSite } from './hook-site';
import type { Phase } from './phases';
import { joins } from './pipeline-hook';
import type { PipelineHooks } from './pipeline-hooks';

/** What the hooks of the shared phases do in one call of any transport. */
export interface CallSteps<C extends CallContext = CallContext> {
  /** Around the rest of the call. */
  onRequest: (<T>(ctx: C, call: (ctx: C) => T) => T)[];
  /** Checks after the handler's declared guards. */
  guard: ((ctx: C) => void | Promise<void>)[];
  /** Around the handler, once the caller is known. */
  preHandler: ((ctx: C, next: () => unknown) => unknown)[];
}

const SHARED: readonly Phase[] = ['onRequest', 'guard', 'preHandler'];

/**
 * The steps of the hooks that join `site`'s transport in the phases every transport runs
 * (onRequest, guard, preHandler), each phase in pipeline order: what the calls of every
 * transport take from the one registry.
 */
export function callHookSteps<C extends CallContext>(
  pipeline: PipelineHooks<any> | undefined,
  site: HookSite,
): CallSteps<C> {
  const found: CallSteps<C> = { onRequest: [], guard: [], preHandler: [] };
  if (!pipeline) return found;
  for (const phase of SHARED) {
    for (const hook of pipeline.ordered().get(phase) ?? []) {
      if (!joins(hook, site.transport, pipeline.home)) continue;
      const part = hook.compile(site);
      if (!part?.step) continue;
      (found[phase as 'guard'] as unknown[]).push(part.step);
    }
  }
  return found;
}
