import { z } from 'zod';
import type { ContractRoute, ContractSchema } from './contract-route';
import { ErrorBodySchema } from './error-body-schema';

/** The `Idempotency-Key` request header as a contract reads it: optional, 1 to 255 visible ASCII characters. */
export const IdempotencyKeyHeaderSchema = z.object({
  'idempotency-key': z
    .string()
    .regex(/^[\x21-\x7e]{1,255}$/)
    .optional(),
});

type Answer422<R extends ContractRoute> = R['responses'] extends { readonly 422: infer V }
  ? V | typeof ErrorBodySchema
  : typeof ErrorBodySchema;

/** A contract route as `idempotent()` returns it: the key header, and 409 and 422 among its answers. */
export type IdempotentRoute<R extends ContractRoute> = Omit<R, 'headers' | 'responses'> & {
  readonly headers: R['headers'] extends ContractSchema ? R['headers'] : typeof IdempotencyKeyHeaderSchema;
  readonly responses: Omit<R['responses'], 409 | 422> & {
    readonly 409: typeof ErrorBodySchema;
    readonly 422: Answer422<R>;
  };
};

/**
 * The contract side of `Idempotent()`: the route reads `Idempotency-Key` and may answer 409 (the
 * first request with the key still runs) and 422 (the key was used with another body), so a
 * typed client gets those answers as results instead of `UnexpectedStatusError`.
 * @example createTask: idempotent({ method: 'POST', path: '/tasks', body, responses: { 201: Task } })
 */
export function idempotent<R extends ContractRoute>(route: R): IdempotentRoute<R> {
  const headers = route.headers
    ? route.headers instanceof z.ZodObject
      ? route.headers.extend(IdempotencyKeyHeaderSchema.shape)
      : route.headers
    : IdempotencyKeyHeaderSchema;
  const refused = route.responses[422];
  return {
    ...route,
    headers,
    responses: {
      ...route.responses,
      409: ErrorBodySchema,
      422: refused ? z.union([refused as z.ZodType, ErrorBodySchema]) : ErrorBodySchema,
    },
  } as unknown as IdempotentRoute<R>;
}
