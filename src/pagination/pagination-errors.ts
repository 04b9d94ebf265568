import { createError } from '../kernel';

/** A cursor field whose value no cursor can carry. */
export const CursorFieldTypeError = createError(
  'TRELLIS_ERR_CURSOR_FIELD_TYPE',
  (name: string) =>
    `Cursor field '${name}' must be a string, finite number, boolean, bigint, valid Date or null`,
  undefined,
  TypeError,
);

/** A cursor asked for with no field to hold. */
export const CursorWithoutFieldsError = createError(
  'TRELLIS_ERR_CURSOR_WITHOUT_FIELDS',
  'A cursor needs at least one field',
  undefined,
  TypeError,
);

/** A cursor field the item does not have. */
export const CursorFieldMissingError = createError(
  'TRELLIS_ERR_CURSOR_FIELD_MISSING',
  (name: string) => `Cursor field '${name}' is missing from the item`,
  undefined,
  TypeError,
);

/** A cursor signing key too short to be safe. */
export const CursorKeyTooShortError = createError(
  'TRELLIS_ERR_CURSOR_KEY_TOO_SHORT',
  (minimum: number) => `The cursor signing key must be at least ${minimum} bytes`,
  undefined,
  RangeError,
);

/** A keyset order with no key to seek by. */
export const KeysetWithoutKeysError = createError(
  'TRELLIS_ERR_KEYSET_WITHOUT_KEYS',
  'A keyset needs at least one key',
  undefined,
  TypeError,
);

/** A page number, a limit or a default a handler passes in that is not a positive integer. */
export const PageNotPositiveError = createError(
  'TRELLIS_ERR_PAGE_NOT_POSITIVE',
  (name: string, value: number) => `${name} must be a positive integer, got ${String(value)}`,
  undefined,
  RangeError,
);

/** A total a handler passes to `paginate` that is not a count. */
export const PageTotalInvalidError = createError(
  'TRELLIS_ERR_PAGE_TOTAL_INVALID',
  (total: number) => `total must be a non-negative integer, got ${String(total)}`,
  undefined,
  RangeError,
);
