import { z } from 'zod';
import { type ContractSchema, ErrorBodySchema, ValidationErrorBodySchema } from '../contract';
import type { MethodMetadata } from '../kernel';
import { CONTRACT_ROUTE } from './route-metadata';
import { routingError } from './routing-errors';

const REFERENCE_SCHEMAS = new Set<unknown>([ErrorBodySchema, ValidationErrorBodySchema]);

// `idempotent()` declares a 422 as the route's own answer or the error body: a union of both.
function namesReferenceBody(schema: ContractSchema | null): boolean {
  if (REFERENCE_SCHEMAS.has(schema)) return true;
  return schema instanceof z.ZodUnion && schema.options.some((option) => REFERENCE_SCHEMAS.has(option));
}

/**
 * A contract route whose route answers errors with a custom body must not declare the reference
 * `ErrorBodySchema` for an error status: its typed client and documents would describe a body
 * the server never sends. Checked at `ready()`, naming the route and the status.
 */
export function checkContractErrorBodies(handler: MethodMetadata, where: string): void {
  const route = handler.get(CONTRACT_ROUTE);
  if (!route) return;
  for (const [status, schema] of Object.entries(route.responses))
    if (Number(status) >= 400 && namesReferenceBody(schema))
      throw routingError('TRELLIS_ERR_CONTRACT_ERROR_BODY', where, status);
}
