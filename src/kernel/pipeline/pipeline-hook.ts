import type { HookSite } from './hook-site';
import type { Phase } from './phases';

/**
 * A named hook of one phase. Its place among the other hooks of its phase is given by name
 * (`before`, `after`), never by the order of registration alone, which only breaks ties.
 */
export interface PipelineHook<P extends Phase = Phase> {
  /** Unique across the pipeline: other hooks order themselves by it; `inspect()` shows it. */
  readonly name: string;
  readonly phase: P;
  /** Hooks of the same phase this one runs before (outside of, for hooks that wrap). */
  readonly before?: readonly string[];
  /** Hooks of the same phase this one runs after (inside of, for hooks that wrap). */
  readonly after?: readonly string[];
  /**
   * The transports whose calls it joins (default: the pipeline's home transport alone, the one
   * whose registry it is). A hook that joins another transport's takes the kernel's
   * `CallContext` in its step: only its `onRequest`, `guard` and `preHandler` steps run there.
   */
  readonly transports?: readonly string[];
  /** What it adds to one handler's calls; `undefined` where it does not apply (that call pays nothing). */
  compile(site: HookSite): { step?: unknown } | undefined;
}

/** Whether `hook` joins the calls of `transport`; a hook naming none joins `home`'s alone. */
export function joins(hook: PipelineHook, transport: string, home: string): boolean {
  return hook.transports ? hook.transports.includes(transport) : transport === home;
}
