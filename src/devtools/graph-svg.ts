import type { GraphModel } from '../inspect/graph-model';
import { escapeMarkup } from '../security';
import { layOutGraph } from './graph-layout';

const SCOPE_FILL = { singleton: '#e8f0fe', request: '#fef7e0', transient: '#e6f4ea', value: '#f1f3f4' };
const REFUSED = '#d93025';

/**
 * The dependency graph as inline SVG, laid out here (no script, no network): one box per
 * provider filled by its scope, one arrow per dependency, what `ready()` refuses in red.
 */
export function graphSvg(model: GraphModel): string {
  const layout = layOutGraph(model);
  const byId = new Map(layout.nodes.map((node) => [node.id, node]));
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" id="dependency-graph" role="img" aria-label="Dependency graph" width="${Math.ceil(layout.width)}" height="${Math.ceil(layout.height)}" font-family="system-ui, sans-serif" font-size="12">`,
    '<defs>',
    '<marker id="arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0,0L10,5L0,10z" fill="#5f6368"/></marker>',
    `<marker id="arrow-refused" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0,0L10,5L0,10z" fill="${REFUSED}"/></marker>`,
    '</defs>',
  ];
  for (const edge of model.edges) {
    const from = byId.get(edge.from)!;
    const to = byId.get(edge.to)!;
    const [x1, y1] = [from.x + from.width, from.y + from.height / 2];
    // An edge going back (a cycle) leaves from the left as well, so it never crosses its own box.
    const [x2, y2] = to.x > from.x ? [to.x, to.y + to.height / 2] : [to.x + to.width / 2, to.y + to.height];
    const bend = Math.max(30, Math.abs(x2 - x1) / 2);
    const colour = edge.refused ? REFUSED : '#9aa0a6';
    const title = edge.refused ? `<title>REFUSED: ${escapeMarkup(edge.refused)}</title>` : '';
    parts.push(
      `<path class="edge${edge.refused ? ' refused' : ''}" data-from="${escapeMarkup(from.name)}" data-to="${escapeMarkup(to.name)}" d="M${x1},${y1} C${x1 + bend},${y1} ${x2 - bend},${y2} ${x2},${y2}" fill="none" stroke="${colour}" stroke-width="${edge.refused ? 2.5 : 1.2}" marker-end="url(#${edge.refused ? 'arrow-refused' : 'arrow'})">${title}</path>`,
    );
  }
  for (const node of layout.nodes) {
    const stroke = node.refused ? REFUSED : '#80868b';
    parts.push(
      `<g class="node ${node.scope}${node.refused ? ' refused' : ''}" data-name="${escapeMarkup(node.name)}" data-scope="${node.scope}">`,
      node.refused ? `<title>REFUSED: ${escapeMarkup(node.refused)}</title>` : '',
      `<rect x="${node.x}" y="${node.y}" width="${node.width}" height="${node.height}" rx="6" fill="${SCOPE_FILL[node.scope]}" stroke="${stroke}" stroke-width="${node.refused ? 2.5 : 1}"/>`,
      `<text x="${node.x + 10}" y="${node.y + 17}" font-weight="600">${escapeMarkup(node.name)}</text>`,
      `<text x="${node.x + 10}" y="${node.y + 32}" fill="#5f6368">${node.scope}${node.refused ? ` · ${escapeMarkup(node.refused)}` : ''}</text>`,
      '</g>',
    );
  }
  parts.push('</svg>');
  return parts.join('');
}
