import { GraphQLError } from 'graphql/error';
import type { HTTPException } from '../kernel/errors/http-exception';
import { toHttpException } from '../kernel/errors/to-http-exception';

/**
 * A failure of a guard, an argument or a resolver as a GraphQL error: the exception's message,
 * `extensions: { code, statusCode, details? }`. Unexpected errors become an INTERNAL_SERVER_ERROR
 * whose message hides the internals; `onFailure` gets the exception, to report.
 */
export function toGraphqlError(err: unknown, onFailure: (exception: HTTPException) => void): GraphQLError {
  if (err instanceof GraphQLError) return err;
  const exception = toHttpException(err);
  const { statusCode, details, code } = exception;
  onFailure(exception);
  const extensions = details ? { code, statusCode, details } : { code, statusCode };
  return new GraphQLError(exception.message, { extensions });
}
