import type { GraphModel } from '../../src/inspect/graph-model';

const SCOPE_STYLES = {
  singleton: 'fill:#e8f0fe,stroke:#1a73e8',
  request: 'fill:#fef7e0,stroke:#b06000',
  transient: 'fill:#e6f4ea,stroke:#137333',
  value: 'fill:#f1f3f4,stroke:#5f6368',
};

// Mermaid's labels are HTML in quotes: a quote or an angle bracket in a name would end them.
function escaped(text: string): string {
  return text.replace(/"/g, '#quot;').replace(/</g, '#lt;').replace(/>/g, '#gt;');
}

/** The dependency graph as a Mermaid flowchart: scopes as classes, what `ready()` refuses in red. */
export function mermaidGraph(model: GraphModel): string {
  const lines = ['flowchart LR'];
  for (const problem of model.problems) lines.push(`  %% refused: ${problem}`);
  for (const node of model.nodes) {
    const refused = node.refused ? `<br/>REFUSED: ${escaped(node.refused)}` : '';
    lines.push(`  ${node.id}["${escaped(node.name)}<br/><i>${node.scope}</i>${refused}"]:::${node.scope}`);
  }
  const refusedEdges: number[] = [];
  model.edges.forEach((edge, index) => {
    if (edge.refused) refusedEdges.push(index);
    lines.push(
      edge.refused
        ? `  ${edge.from} -->|"REFUSED: ${escaped(edge.refused)}"| ${edge.to}`
        : `  ${edge.from} --> ${edge.to}`,
    );
  });
  for (const [scope, style] of Object.entries(SCOPE_STYLES)) lines.push(`  classDef ${scope} ${style}`);
  lines.push('  classDef refused fill:#fce8e6,stroke:#d93025,stroke-width:3px');
  const refusedNodes = model.nodes.filter((node) => node.refused).map((node) => node.id);
  if (refusedNodes.length > 0) lines.push(`  class ${refusedNodes.join(',')} refused`);
  if (refusedEdges.length > 0)
    lines.push(`  linkStyle ${refusedEdges.join(',')} stroke:#d93025,stroke-width:3px,color:#d93025`);
  return `${lines.join('\n')}\n`;
}
