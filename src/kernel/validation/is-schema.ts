import type { ZodType } from 'zod';

/** Whether a value is a zod 4 schema (decorators take optional names and schemas in one slot). */
export function isSchema(value: unknown): value is ZodType {
  return typeof value === 'object' && value !== null && '_zod' in value;
}
