import type { ProviderGraph } from '../../container/provider-graph';
import type { GuardRegistry } from '../kernel';
import type { CompiledRoute } from '../routing';
import type { AppDescription, DescriptionParts, ReadyFailure } from './app-description';
import { describeRoutes } from './describe-routes';

/** What the application hands over to be described. */
export interface DescribedApplication {
  modules: string[];
  graph: ProviderGraph;
  routes: readonly CompiledRoute[];
  /** The guard kinds, to list each route's checks as `ready()` compiled them. */
  guards: GuardRegistry;
  parts: DescriptionParts;
  failure?: unknown;
}

function readyFailure(failure: unknown): ReadyFailure {
  const { code, message } = (failure ?? {}) as { code?: unknown; message?: unknown };
  const described: ReadyFailure = { message: typeof message === 'string' ? message : String(failure) };
  if (typeof code === 'string') described.code = code;
  return described;
}

/** The JSON-serializable description `app.inspect()` resolves to. */
export function describeApplication(app: DescribedApplication): AppDescription {
  const description: AppDescription = {
    modules: app.modules,
    providers: app.graph.providers.map(({ name, scope, dependencies }) => ({ name, scope, dependencies })),
    routes: describeRoutes(app.routes, app.guards),
    ...app.parts,
    problems: app.graph.problems,
  };
  if (app.failure !== undefined) description.error = readyFailure(app.failure);
  return description;
}
