import type { ZodType } from 'zod';
import type { ValidationDetail } from '../errors/http-exception';
import { validationDetails } from './validation-details';

/** The outcome of one check: the parsed value, or the details of what failed. */
export type Validated = { ok: true; value: unknown } | { ok: false; details: ValidationDetail[] };

/** Checks one extracted value; prepared once per parameter at `ready()`. */
export type Validator = (value: unknown) => Validated;

/** A validator for `schema` whose failure details start with `source` (`body`, `query.page`...). */
export function compileValidator(schema: ZodType, source: string): Validator {
  return (value) => {
    const result = schema.safeParse(value);
    return result.success
      ? { ok: true, value: result.data }
      : { ok: false, details: validationDetails(source, result.error.issues) };
  };
}
