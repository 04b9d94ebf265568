import type { AppContainer } from '../../container/app-container';
import { joins, type MethodMetadata, type Phase, PipelineHooks } from '../kernel';
import type { ReaderTable } from './http-readers';
import type { RouteHook, RouteHookPhase, RouteSteps } from './route-hook';

/** The application's route hooks, phase by phase: `app.pipeline`. */
export class RoutePipeline extends PipelineHooks<RouteHook> {
  constructor() {
    super('http');
  }

  /** Adds a named hook to a phase; see `RouteSteps` for what each phase's step does. */
  override add<P extends RouteHookPhase>(hook: RouteHook<P>): this {
    return super.add(hook as unknown as RouteHook);
  }
}

/** The hooks that apply to one route, each phase's steps in order, and their names. */
export interface RouteHookSteps {
  steps: { [P in RouteHookPhase]: RouteSteps[P][] };
  /** The names of the hooks that apply, by phase, for `inspect()`. */
  names: Partial<Record<Phase, string[]>>;
  readers?: ReaderTable;
  longLived: boolean;
}

/** Asks every hook, in pipeline order, what it adds to one route. */
export function routeHookSteps(
  pipeline: RoutePipeline | undefined,
  handler: MethodMetadata,
  where: string,
  container: AppContainer,
  path: string,
): RouteHookSteps {
  const found: RouteHookSteps = {
    steps: { onRequest: [], guard: [], parse: [], preHandler: [], onSend: [], onResponse: [] },
    names: {},
    longLived: false,
  };
  if (!pipeline) return found;
  const site = { transport: 'http', handler, where, container, path };
  for (const [phase, hooks] of pipeline.ordered()) {
    for (const hook of hooks) {
      if (!joins(hook, 'http', pipeline.home)) continue;
      const part = hook.compile(site);
      if (!part) continue;
      found.names[phase] = [...(found.names[phase] ?? []), hook.name];
      if (part.step) (found.steps[hook.phase] as unknown[]).push(part.step);
      if (part.readers) found.readers = { ...found.readers, ...part.readers };
      if (part.longLived) found.longLived = true;
    }
  }
  return found;
}
