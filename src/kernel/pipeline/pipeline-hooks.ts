import { trellisError } from '../errors/trellis-errors';
import { orderHooks } from './order-hooks';
import { PHASES, type Phase } from './phases';
import type { PipelineHook } from './pipeline-hook';

/**
 * The one registry of a transport's hooks, phase by phase. Features add theirs while the app is
 * built; `ordered()` sorts each phase once, at `ready()`, and every call then runs that order.
 */
export class PipelineHooks<H extends PipelineHook> {
  private readonly added: H[] = [];
  private sorted?: ReadonlyMap<Phase, readonly H[]>;

  /** `home`: the transport whose registry it is, which a hook naming no transports joins. */
  constructor(readonly home: string) {}

  /** Adds a hook; its place in its phase comes from its `before`/`after`. */
  add(hook: H): this {
    if (this.sorted) throw trellisError('TRELLIS_ERR_AFTER_READY', `pipeline.add('${hook.name}')`);
    this.added.push(hook);
    return this;
  }

  /** Every phase's hooks, ordered once; unknown phases have none. */
  ordered(): ReadonlyMap<Phase, readonly H[]> {
    this.sorted ??= new Map(
      PHASES.map((phase) => [phase, orderHooks(this.added.filter((hook) => hook.phase === phase))]),
    );
    return this.sorted;
  }
}
