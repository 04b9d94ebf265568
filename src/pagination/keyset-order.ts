import type { CursorValue } from './cursor-codec';

/** A sort order over unique keys, e.g. `{ keys: ['createdAt', 'id'], order: 'desc' }`; the last key must be unique. */
export interface KeysetOrder<T> {
  /** The columns that order the rows, the last one unique. */
  readonly keys: readonly (keyof T & string)[];
  /** Newest first (`desc`) or oldest first (`asc`). */
  readonly order: 'asc' | 'desc';
}

function rank(value: CursorValue): number | string | bigint {
  if (value instanceof Date) return value.getTime();
  if (typeof value === 'boolean') return Number(value);
  return value ?? Number.NEGATIVE_INFINITY;
}

/**
 * Compares two rows key by key, ascending (-1, 0, 1): the in-memory twin of SQL's row-value
 * comparison `(a.createdAt, a.id) < (b.createdAt, b.id)`. Dates compare by time.
 * @example rows.filter((row) => compareKeys(row, position, ['createdAt', 'id']) < 0);
 */
export function compareKeys(a: object, b: object, keys: readonly string[]): -1 | 0 | 1 {
  for (const key of keys) {
    const left = rank((a as Record<string, CursorValue>)[key]);
    const right = rank((b as Record<string, CursorValue>)[key]);
    if (left < right) return -1;
    if (left > right) return 1;
  }
  return 0;
}
