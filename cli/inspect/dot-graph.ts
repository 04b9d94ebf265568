import type { GraphModel } from '../../src/inspect/graph-model';

const SCOPE_COLOURS = { singleton: '#e8f0fe', request: '#fef7e0', transient: '#e6f4ea', value: '#f1f3f4' };

function quoted(text: string): string {
  // Backslashes and quotes escaped; a line break written as DOT's `\n`.
  return `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')}"`;
}

/** The dependency graph in Graphviz DOT: scopes as fill colours, what `ready()` refuses in red. */
export function dotGraph(model: GraphModel): string {
  const lines = [
    'digraph trellis {',
    '  rankdir=LR;',
    '  node [shape=box, style="rounded,filled", fontname="Helvetica"];',
  ];
  for (const problem of model.problems) lines.push(`  // refused: ${problem}`);
  for (const node of model.nodes) {
    const label = `${node.name}\n${node.scope}${node.refused ? `\nREFUSED: ${node.refused}` : ''}`;
    const refused = node.refused ? ', color="#d93025", penwidth=3' : '';
    lines.push(`  ${node.id} [label=${quoted(label)}, fillcolor="${SCOPE_COLOURS[node.scope]}"${refused}];`);
  }
  for (const edge of model.edges)
    lines.push(
      edge.refused
        ? `  ${edge.from} -> ${edge.to} [label=${quoted(`REFUSED: ${edge.refused}`)}, color="#d93025", fontcolor="#d93025", penwidth=3];`
        : `  ${edge.from} -> ${edge.to};`,
    );
  lines.push('}');
  return `${lines.join('\n')}\n`;
}
