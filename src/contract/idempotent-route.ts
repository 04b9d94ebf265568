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

type Answer422<R extends ContractRoute, E> = R['responses'] extends { readonly 422: infer V } ? V | E : E;

/** What `idempotent()` takes besides the route. */
export interface IdempotentRouteOptions<E extends ContractSchema = typeof ErrorBodySchema> {
  /** The body of its 409 and 422 answers: the application's `errorBody` schema; default `ErrorBodySchema`. */
  errorBody?: E;
}

/** A contract route as `idempotent()` returns it: the key header, and 409 and 422 among its answers. */
export type IdempotentRoute<
  R extends ContractRoute,
  E extends ContractSchema = typeof ErrorBodySchema,
> = Omit<R, 'headers' | 'responses'> & {
  readonly headers: R['headers'] extends ContractSchema ? R['headers'] : typeof IdempotencyKeyHeaderSchema;
  readonly responses: Omit<R['responses'], 409 | 422> & {
    readonly 409: E;
    readonly 422: Answer422<R, E>;
  };
};

/**
 * The contract side of `Idempotent()`: the route reads `Idempotency-Key` and may answer 409 (the
 * first request with the key still runs) and 422 (the key was used with another body), so a
 * typed client gets those answers as results instead of `UnexpectedStatusError`. An application
 * with a custom `errorBody` names its schema, which those answers then carry.
 * @example createTask: idempotent({ method: 'POST', path: '/tasks', body, responses: { 201: Task } })
 */
export function idempotent<R extends ContractRoute, E extends ContractSchema = typeof ErrorBodySchema>(
  route: R,
  options: IdempotentRouteOptions<E> = {},
): IdempotentRoute<R, E> {
  const errorBody = (options.errorBody ?? ErrorBodySchema) as unknown as z.ZodType;
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
      409: errorBody,
      422: refused ? z.union([refused as z.ZodType, errorBody]) : errorBody,
    },
  } as unknown as IdempotentRoute<R, E>;
}
