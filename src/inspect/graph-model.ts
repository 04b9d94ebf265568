import type { AppDescription, GraphProblem, NodeScope } from './app-description';

/** One provider drawn: a short id, its name, its scope, and why `ready()` refuses it, if it does. */
export interface GraphNode {
  id: string;
  name: string;
  scope: NodeScope;
  refused?: string;
}

/** One dependency drawn, from the provider that needs it; `refused` says why `ready()` refuses it. */
export interface GraphEdge {
  from: string;
  to: string;
  refused?: string;
}

/** The dependency graph as the CLI and the devtools page draw it. */
export interface GraphModel {
  nodes: GraphNode[];
  edges: GraphEdge[];
  /** One line per problem: what `ready()` refuses and the path that shows it. */
  problems: string[];
}

const PROBLEM_LABEL: Record<GraphProblem['kind'], string> = {
  cycle: 'cycle',
  'scope-capture': 'singleton captures request scope',
  unbound: 'nothing binds it',
};

/** The graph of a description's providers, with what `ready()` refuses marked on nodes and edges. */
export function graphModel(description: Pick<AppDescription, 'providers' | 'problems'>): GraphModel {
  const ids = new Map<string, string>();
  const nodes: GraphNode[] = description.providers.map(({ name, scope }, index) => {
    ids.set(name, `n${index}`);
    return { id: `n${index}`, name, scope };
  });
  const edges = new Map<string, GraphEdge>();
  for (const { name, dependencies } of description.providers)
    for (const dependency of dependencies) {
      const from = ids.get(name);
      const to = ids.get(dependency);
      if (from && to) edges.set(`${from}>${to}`, { from, to });
    }
  const problems: string[] = [];
  for (const problem of description.problems) {
    const label = PROBLEM_LABEL[problem.kind];
    problems.push(`${label}: ${problem.path.join(' -> ')}`);
    const marked = problem.kind === 'unbound' ? problem.path.slice(1) : problem.path;
    for (const name of marked) {
      const node = nodes.find((each) => each.name === name);
      if (node) node.refused = label;
    }
    for (let index = 1; index < problem.path.length; index++) {
      const from = ids.get(problem.path[index - 1]);
      const to = ids.get(problem.path[index]);
      if (!from || !to) continue;
      edges.set(`${from}>${to}`, { from, to, refused: label });
    }
  }
  return { nodes, edges: [...edges.values()], problems };
}
