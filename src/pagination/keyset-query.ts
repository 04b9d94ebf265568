import { BadRequestException } from '../kernel';
import { type CursorFields, type CursorValue, decodeMultiCursor } from './cursor-codec';
import type { KeysetOrder } from './keyset-order';
import { KeysetWithoutKeysError } from './pagination-errors';
import type { CursorDirection, CursorQuery } from './parse-cursor-query';
import { assertPositiveInteger } from './query-values';

/** How to fetch one keyset page, and what {@link keysetPage} needs to shape it. */
export interface KeysetPlan<T> {
  /** The order the page follows. */
  readonly keyset: KeysetOrder<T>;
  /** `next` on a first page, even when `prev` was asked (there is nothing before it). */
  readonly direction: CursorDirection;
  /** Rows per page. */
  readonly limit: number;
  /** How many rows to fetch: `limit + 1`; the extra row tells whether more follow. */
  readonly fetch: number;
  /** The decoded cursor; absent on a first page. */
  readonly position?: Readonly<CursorFields>;
  /** The cursor's values in `keys` order, for the `(?, ?)` of a row-value comparison; empty on a first page. */
  readonly values: readonly CursorValue[];
  /** Keep rows whose keys compare so with the cursor: `(createdAt, id) < (?, ?)`; absent on a first page. */
  readonly comparison?: '<' | '>';
  /** The direction of every `ORDER BY` key for the fetch: the display order, reversed when paging back. */
  readonly order: 'asc' | 'desc';
}

const FLIP = { asc: 'desc', desc: 'asc' } as const;

function readPosition<T>(cursor: string, keyset: KeysetOrder<T>): CursorFields {
  const position = decodeMultiCursor(cursor);
  const names = Object.keys(position);
  const matches =
    names.length === keyset.keys.length &&
    keyset.keys.every((key) => Object.hasOwn(position, key) && position[key] !== null);
  // A well-signed cursor of another endpoint (other keys) is as unusable as a forged one.
  if (!matches) throw new BadRequestException('Invalid cursor');
  return position;
}

/**
 * Plans a keyset (seek) query over a composite key, forward or back. Paging back fetches the
 * rows just before the cursor in reverse order, so {@link keysetPage} can return exactly the
 * previous page. A tampered cursor, or one made for other keys, is a 400.
 * @example
 * const plan = keysetQuery(parseCursorQuery(query), { keys: ['createdAt', 'id'], order: 'desc' });
 * const where = plan.comparison ? `WHERE (created_at, id) ${plan.comparison} (?, ?)` : '';
 * const values = plan.values.map((v) => (v instanceof Date ? v.getTime() : v)); // as the column stores it
 * const rows = db.prepare(`SELECT * FROM tasks ${where}
 *   ORDER BY created_at ${plan.order}, id ${plan.order} LIMIT ?`).all(...values, plan.fetch);
 * return keysetPage(rows, plan);
 */
export function keysetQuery<T>(query: CursorQuery, keyset: KeysetOrder<T>): KeysetPlan<T> {
  assertPositiveInteger('limit', query.limit);
  if (keyset.keys.length === 0) throw new KeysetWithoutKeysError();
  const base = { keyset, limit: query.limit, fetch: query.limit + 1 };
  if (query.cursor === undefined) return { ...base, direction: 'next', values: [], order: keyset.order };
  const position = readPosition(query.cursor, keyset);
  const values = keyset.keys.map((key) => position[key]);
  const forward = query.direction === 'next';
  const order = forward ? keyset.order : FLIP[keyset.order];
  return {
    ...base,
    direction: query.direction,
    position,
    values,
    order,
    comparison: order === 'asc' ? '>' : '<',
  };
}
