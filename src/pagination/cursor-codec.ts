import { BadRequestException } from '../kernel';
import { signCursorPayload, verifyCursorPayload } from './cursor-signing-key';
import { CursorFieldMissingError, CursorFieldTypeError, CursorWithoutFieldsError } from './pagination-errors';

/** A value a cursor can hold; it comes back with the same type (a Date stays a Date). */
export type CursorValue = string | number | boolean | bigint | Date | null;

/** The decoded fields of a cursor, by name. */
export type CursorFields = Record<string, CursorValue>;

type Tag = 's' | 'n' | 'b' | 'i' | 'd' | 'z';
type Entry = [name: string, tag: Tag, value: string | number | boolean | null];

const MAX_CURSOR_LENGTH = 2048;
const SHAPE = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;
const INTEGER = /^-?\d{1,64}$/;
const INVALID_CURSOR = 'Invalid cursor';

function toEntry(name: string, value: unknown): Entry {
  if (value === null) return [name, 'z', null];
  if (value instanceof Date && !Number.isNaN(value.getTime())) return [name, 'd', value.getTime()];
  if (typeof value === 'string') return [name, 's', value];
  if (typeof value === 'number' && Number.isFinite(value)) return [name, 'n', value];
  if (typeof value === 'boolean') return [name, 'b', value];
  if (typeof value === 'bigint') return [name, 'i', value.toString()];
  throw new CursorFieldTypeError(name);
}

// Each tag accepts only its own JSON type, so a decoded cursor has the types it was made with.
const FROM_ENTRY: Record<Tag, (value: unknown) => CursorValue | undefined> = {
  s: (v) => (typeof v === 'string' ? v : undefined),
  n: (v) => (typeof v === 'number' ? v : undefined),
  b: (v) => (typeof v === 'boolean' ? v : undefined),
  z: (v) => (v === null ? null : undefined),
  i: (v) => (typeof v === 'string' && INTEGER.test(v) ? BigInt(v) : undefined),
  d: (v) => (typeof v === 'number' && !Number.isNaN(new Date(v).getTime()) ? new Date(v) : undefined),
};

function fromEntries(entries: unknown): CursorFields | undefined {
  if (!Array.isArray(entries) || entries.length === 0) return undefined;
  const fields: [string, CursorValue][] = [];
  const names = new Set<string>();
  for (const entry of entries) {
    if (!Array.isArray(entry) || entry.length !== 3) return undefined;
    const [name, tag, raw] = entry as unknown[];
    if (typeof name !== 'string' || name === '' || names.has(name)) return undefined;
    const read = Object.hasOwn(FROM_ENTRY, tag as string) ? FROM_ENTRY[tag as Tag] : undefined;
    const value = read?.(raw);
    if (value === undefined) return undefined;
    names.add(name);
    fields.push([name, value]);
  }
  // fromEntries defines own properties, so a field named '__proto__' cannot reach the prototype.
  return Object.fromEntries(fields);
}

/**
 * Encodes the `fields` of `item` as an opaque, URL-safe, signed cursor.
 * @example const next = createMultiCursor(task, ['createdAt', 'id']);
 */
export function createMultiCursor<T extends object>(item: T, fields: readonly (keyof T & string)[]): string {
  if (fields.length === 0) throw new CursorWithoutFieldsError();
  const entries = fields.map((name) => {
    if (!(name in item)) throw new CursorFieldMissingError(name);
    return toEntry(name, (item as Record<string, unknown>)[name]);
  });
  const payload = Buffer.from(JSON.stringify(entries), 'utf8').toString('base64url');
  return `${payload}.${signCursorPayload(payload)}`;
}

/**
 * Decodes a cursor made by {@link createMultiCursor}; anything else (malformed, truncated,
 * re-signed, edited) is a 400 `BadRequestException`, never a server error.
 * @example decodeMultiCursor(query.cursor); // { createdAt: Date, id: 42 }
 */
export function decodeMultiCursor(cursor: unknown): CursorFields {
  if (typeof cursor !== 'string' || cursor.length > MAX_CURSOR_LENGTH || !SHAPE.test(cursor)) {
    throw new BadRequestException(INVALID_CURSOR);
  }
  const [payload, signature] = cursor.split('.');
  if (!verifyCursorPayload(payload, signature)) throw new BadRequestException(INVALID_CURSOR);
  let entries: unknown;
  try {
    entries = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    throw new BadRequestException(INVALID_CURSOR);
  }
  const fields = fromEntries(entries);
  if (!fields) throw new BadRequestException(INVALID_CURSOR);
  return fields;
}
