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
}
