import type { ZodType } from 'zod';
import { isSchema, metadataRegistry } from '../kernel';
import { RETURNS } from '../routing';
import { ReturnsNotSchemaError } from './decorator-errors';
import { assertSuccessStatus } from './http-code';

/** What `Returns` takes besides the schema. */
export interface ReturnsOptions {
  /** The success status, as `HttpCode` sets it (the two on one route fail at `ready()`). */
  status?: number;
  /** What the answer is, for the docs; default the reason phrase of the status. */
  description?: string;
}

/**
 * Declares the success body: the answer is serialized through `schema` (compiled once at
 * `ready()`), so keys it does not name never leave the server, and the docs show it.
 * @example @Get('/me') @Returns(UserSchema) me() { return this.users.current(); }
 */
export function Returns(schema: ZodType, options: ReturnsOptions = {}): MethodDecorator {
  if (!isSchema(schema)) throw new ReturnsNotSchemaError();
  if (options.status !== undefined) assertSuccessStatus('Returns', options.status);
  return (target, key) => {
    metadataRegistry.forMethod(target.constructor, key).set(RETURNS, { schema, ...options });
  };
}
