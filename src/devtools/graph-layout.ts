import type { GraphModel, GraphNode } from '../inspect/graph-model';

/** A node placed on the drawing: its top-left corner and its size. */
export interface PlacedNode extends GraphNode {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The graph laid out in columns: what needs comes left of what it needs. */
export interface GraphLayout {
  nodes: PlacedNode[];
  width: number;
  height: number;
}

const NODE_HEIGHT = 40;
const ROW_GAP = 14;
const COLUMN_GAP = 70;
const MARGIN = 16;
const CHAR_WIDTH = 7.2;
const PADDING = 20;

// Each node's column: the longest path of dependencies leading to it, so every edge points
// right; an edge that closes a cycle is left out of the count.
function columns(model: GraphModel): Map<string, number> {
  const needs = new Map<string, string[]>();
  for (const { from, to } of model.edges) needs.set(from, [...(needs.get(from) ?? []), to]);
  const needed = new Set(model.edges.map(({ to }) => to));
  const column = new Map<string, number>();
  const onPath = new Set<string>();
  const place = (id: string, depth: number): void => {
    if (onPath.has(id) || (column.get(id) ?? -1) >= depth) return;
    column.set(id, depth);
    onPath.add(id);
    for (const next of needs.get(id) ?? []) place(next, depth + 1);
    onPath.delete(id);
  };
  for (const node of model.nodes) if (!needed.has(node.id)) place(node.id, 0);
  // What only a cycle reaches has no root: it starts a column of its own.
  for (const node of model.nodes) if (!column.has(node.id)) place(node.id, 0);
  return column;
}

/** Lays out `model` in columns, each ordered by where what needs its nodes sits, to keep edges short. */
export function layOutGraph(model: GraphModel): GraphLayout {
  const column = columns(model);
  const byColumn: GraphNode[][] = [];
  for (const node of model.nodes) {
    const index = column.get(node.id) ?? 0;
    byColumn[index] = [...(byColumn[index] ?? []), node];
  }
  const placed = new Map<string, PlacedNode>();
  let x = MARGIN;
  let height = 0;
  for (const nodes of byColumn) {
    if (!nodes) continue;
    const rowOf = (node: GraphNode): number => {
      const parents = model.edges.filter(({ to }) => to === node.id).map(({ from }) => placed.get(from));
      const ys = parents.filter((parent) => parent !== undefined).map((parent) => parent.y);
      return ys.length === 0 ? Number.POSITIVE_INFINITY : ys.reduce((sum, y) => sum + y, 0) / ys.length;
    };
    const ordered = [...nodes].sort((a, b) => rowOf(a) - rowOf(b));
    const width = Math.max(...ordered.map((node) => Math.max(node.name.length, 12) * CHAR_WIDTH + PADDING));
    ordered.forEach((node, row) => {
      const y = MARGIN + row * (NODE_HEIGHT + ROW_GAP);
      placed.set(node.id, { ...node, x, y, width, height: NODE_HEIGHT });
      height = Math.max(height, y + NODE_HEIGHT + MARGIN);
    });
    x += width + COLUMN_GAP;
  }
  return { nodes: model.nodes.map((node) => placed.get(node.id)!), width: x - COLUMN_GAP + MARGIN, height };
}
