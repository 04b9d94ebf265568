import { createError } from '../kernel';

/** `Returns()` given something that is not a zod schema. */
export const ReturnsNotSchemaError = createError(
  'TRELLIS_ERR_RETURNS_NOT_SCHEMA',
  'Returns(schema): the schema must be a zod schema',
  undefined,
  TypeError,
);

/** `HttpCode()` or `Returns({ status })` given a status that is no success. */
export const NotSuccessStatusError = createError(
  'TRELLIS_ERR_NOT_SUCCESS_STATUS',
  (decorator: string, status: number) =>
    `${decorator}(${status}): a success status is an integer from 200 to 299`,
  undefined,
  RangeError,
);

/** `ErrorBody()` given something other than `{ schema, build }` (a zod schema and a function). */
export const ErrorBodyNotValidError = createError(
  'TRELLIS_ERR_ERROR_BODY_NOT_VALID',
  'ErrorBody({ schema, build }): schema must be a zod schema and build a function',
  undefined,
  TypeError,
);
