import type { ZodType } from 'zod';
import type { ContractSchema } from './contract-route';

/** The zod schema a contract holds, with its whole type back (contracts type it only by its `_zod`). */
export function zodSchema(schema: ContractSchema): ZodType;
export function zodSchema(schema: ContractSchema | undefined): ZodType | undefined;
export function zodSchema(schema: ContractSchema | undefined): ZodType | undefined {
  return schema as ZodType | undefined;
}
