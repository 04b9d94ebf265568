import { compareKeys, type KeysetOrder, type KeysetPlan } from '../../../src';

/** A task as a repository returns it. */
export interface TaskRow {
  id: number;
  title: string;
  createdAt: Date;
}

export const NEWEST_FIRST: KeysetOrder<TaskRow> = { keys: ['createdAt', 'id'], order: 'desc' };

/**
 * `count` tasks whose timestamps tie in groups of three, with ids that do not follow the
 * timestamps, so only the `(createdAt, id)` pair orders them.
 */
export function makeTasks(count: number): TaskRow[] {
  const ids = Array.from({ length: count }, (_, i) => i + 1);
  let seed = 7;
  for (let i = ids.length - 1; i > 0; i--) {
    seed = (seed * 16807) % 2147483647;
    const j = seed % (i + 1);
    [ids[i], ids[j]] = [ids[j], ids[i]];
  }
  const base = Date.UTC(2024, 0, 1);
  return ids.map((id, i) => ({
    id,
    title: `task ${id}`,
    createdAt: new Date(base + Math.floor(i / 3) * 60_000),
  }));
}

/** What a repository does for a plan: `WHERE (createdAt, id) <op> (?, ?) ORDER BY ... LIMIT fetch`. */
export function fetchWindow(rows: readonly TaskRow[], plan: KeysetPlan<TaskRow>): TaskRow[] {
  const keys = plan.keyset.keys;
  const position = plan.position;
  const sign = plan.order === 'asc' ? 1 : -1;
  return rows
    .filter((row) => {
      if (!position) return true;
      const side = compareKeys(row, position, keys);
      return plan.comparison === '<' ? side < 0 : side > 0;
    })
    .sort((a, b) => sign * compareKeys(a, b, keys))
    .slice(0, plan.fetch);
}

/** The tasks as the client must see them across all pages. */
export function displayed(rows: readonly TaskRow[], order: KeysetOrder<TaskRow>): TaskRow[] {
  const sign = order.order === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => sign * compareKeys(a, b, order.keys));
}
