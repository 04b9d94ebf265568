import { GraphQLError } from 'graphql/error';
import { carriedBody } from '../error-body/carried-body';
import {
  type ErrorBodyWriter,
  type ErrorCallSource,
  REFERENCE_ERROR_BODY,
} from '../error-body/error-body-writer';
import { type HTTPException, InternalServerErrorException, toHttpException } from '../kernel';

/** The extensions of the error for `exception`: the reference fields, or a custom body's with the code and status. */
function extensionsOf(
  exception: HTTPException,
  body: ErrorBodyWriter,
  ctx: ErrorCallSource | undefined,
): { message: string; extensions: Record<string, unknown> } {
  const { statusCode, details, code } = exception;
  if (!body.options) {
    const extensions = details ? { code, statusCode, details } : { code, statusCode };
    return { message: exception.message, extensions };
  }
  const built = body.value(exception, ctx);
  if (built !== undefined)
    return { message: exception.message, extensions: carriedBody(built, { code, statusCode }) };
  // The builder failed (logged): the reference 500, as over HTTP.
  const fallback = new InternalServerErrorException();
  return { message: fallback.message, extensions: { code: fallback.code, statusCode: fallback.statusCode } };
}

/**
 * A failure of a guard, an argument or a resolver as a GraphQL error: the exception's message,
 * `extensions: { code, statusCode, details? }`, or with a custom error body its fields plus
 * `code` and `statusCode`. Unexpected errors become an INTERNAL_SERVER_ERROR whose message hides
 * the internals; `onFailure` gets the exception, to report.
 */
export function toGraphqlError(
  err: unknown,
  onFailure: (exception: HTTPException) => void,
  body: ErrorBodyWriter = REFERENCE_ERROR_BODY,
  ctx?: ErrorCallSource,
): GraphQLError {
  if (err instanceof GraphQLError) return err;
  const exception = toHttpException(err);
  onFailure(exception);
  const { message, extensions } = extensionsOf(exception, body, ctx);
  return new GraphQLError(message, { extensions });
}
