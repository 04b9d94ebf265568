import type { ValidationDetail } from '../kernel';

/** A payload as a backend will store it (its JSON round trip), or why it cannot be stored. */
export type StoredForm = { ok: true; value: unknown } | { ok: false; details: ValidationDetail[] };

const detail = (path: string, message: string): ValidationDetail => ({ path, message, code: 'custom' });

// The first value JSON.stringify throws on, found the way it walks (toJSON first, own enumerable
// keys), so that the refusal names the field rather than the whole payload.
function unstorableAt(
  value: unknown,
  path: string,
  key: string,
  ancestors: Set<object>,
): ValidationDetail | undefined {
  let current = value;
  if (
    current !== null &&
    typeof current === 'object' &&
    typeof (current as { toJSON?: unknown }).toJSON === 'function'
  )
    current = (current as { toJSON(key: string): unknown }).toJSON(key);
  if (typeof current === 'bigint')
    return detail(path, 'a BigInt cannot be stored as JSON: pass it as a string');
  if (current === null || typeof current !== 'object') return undefined;
  if (ancestors.has(current)) return detail(path, 'a circular reference cannot be stored as JSON');
  ancestors.add(current);
  try {
    for (const child of Object.keys(current)) {
      const found = unstorableAt(
        (current as Record<string, unknown>)[child],
        `${path}.${child}`,
        child,
        ancestors,
      );
      if (found) return found;
    }
    return undefined;
  } finally {
    ancestors.delete(current);
  }
}

/**
 * The payload as it will be stored and handed to a run: through `JSON.stringify` and back (a
 * `Date` becomes its ISO string, `undefined` fields go), or the field that cannot be stored
 * (a BigInt, a circular reference), with its path under `payload`.
 */
export function storedForm(payload: unknown): StoredForm {
  const value = payload ?? null;
  let text: string;
  try {
    text = JSON.stringify(value);
  } catch (err) {
    let found: ValidationDetail | undefined;
    try {
      found = unstorableAt(value, 'payload', '', new Set());
    } catch {
      // A toJSON() that throws: the whole payload is named.
    }
    return {
      ok: false,
      details: [found ?? detail('payload', `cannot be stored as JSON: ${(err as Error).message}`)],
    };
  }
  // A function or a symbol as the whole payload: JSON.stringify gives nothing, stored as null.
  return { ok: true, value: text === undefined ? null : JSON.parse(text) };
}
