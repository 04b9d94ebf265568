import type { ZodType } from 'zod';
import type { ErrorBodyOptions } from '../error-body/error-body-options';
import { ERROR_BODY_OPTIONS_SCHEMA } from '../error-body/error-body-options-schema';
import { metadataRegistry, type ReferenceErrorBody } from '../kernel';
import { ERROR_BODY } from '../routing';
import { ErrorBodyNotValidError } from './decorator-errors';

/** The JSON body of every error response by default: `{ statusCode, error, message, code, details? }`. */
export type ErrorBody = ReferenceErrorBody;

/**
 * The shape of the error answers of a controller's routes, or of one route, over the application's
 * `errorBody` (for an API that mixes styles): `build` makes each body, `schema` checks and
 * documents it. Chosen once at `ready()`; a method's wins over its controller's.
 * @example @Controller('/legacy') @ErrorBody({ schema: LegacyError, build: (e) => ({ error: e.message }) }) class Legacy {}
 */
export function ErrorBody<Schema extends ZodType>(
  options: ErrorBodyOptions<Schema>,
): ClassDecorator & MethodDecorator {
  if (!ERROR_BODY_OPTIONS_SCHEMA.safeParse(options).success) throw new ErrorBodyNotValidError();
  return ((target: object, key?: string | symbol) => {
    const meta =
      key === undefined
        ? metadataRegistry.forClass(target as Function)
        : metadataRegistry.forMethod((target as object).constructor, key);
    meta.set(ERROR_BODY, options as unknown as ErrorBodyOptions);
  }) as ClassDecorator & MethodDecorator;
}
