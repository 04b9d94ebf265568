import type { z } from 'zod';

/**
 * zod's JSON Schema override for dates: JSON carries a date as its ISO string (what
 * `JSON.stringify` writes), so a `z.date()` is documented and serialized as one.
 */
export const datesAsIsoStrings: z.core.ToJSONSchemaParams['override'] = ({ zodSchema, jsonSchema }) => {
  if (zodSchema._zod.def.type === 'date') Object.assign(jsonSchema, { type: 'string', format: 'date-time' });
};
