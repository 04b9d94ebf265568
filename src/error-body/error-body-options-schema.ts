import { z } from 'zod';
import { isSchema } from '../kernel';

/** The shape of `{ schema, build }` (the `errorBody` option, `ErrorBody()`): a zod schema and a function. */
export const ERROR_BODY_OPTIONS_SCHEMA = z.looseObject({
  schema: z.custom((value) => isSchema(value), { message: 'expected a zod schema' }),
  build: z.custom((value) => typeof value === 'function', { message: 'expected a function' }),
});
