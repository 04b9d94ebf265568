import { GraphQLError } from 'graphql/error';
import { HTTP_STATUS } from '../errors/catalog';
import type { HTTPException } from '../errors/http-exception';
import { toHttpException } from '../errors/to-http-exception';

/** The `extensions.code` of each status a resolver or guard can fail with. */
const CODES: Record<number, string> = {
  [HTTP_STATUS.BAD_REQUEST]: 'BAD_USER_INPUT',
  [HTTP_STATUS.UNAUTHORIZED]: 'UNAUTHENTICATED',
  [HTTP_STATUS.FORBIDDEN]: 'FORBIDDEN',
  [HTTP_STATUS.NOT_FOUND]: 'NOT_FOUND',
  [HTTP_STATUS.CONFLICT]: 'CONFLICT',
  [HTTP_STATUS.UNPROCESSABLE_ENTITY]: 'BAD_USER_INPUT',
  [HTTP_STATUS.TOO_MANY_REQUESTS]: 'TOO_MANY_REQUESTS',
  [HTTP_STATUS.SERVICE_UNAVAILABLE]: 'SERVICE_UNAVAILABLE',
};

function codeOf(status: number): string {
  return (
    CODES[status] ??
    (status >= HTTP_STATUS.INTERNAL_SERVER_ERROR ? 'INTERNAL_SERVER_ERROR' : 'BAD_USER_INPUT')
  );
}

/**
 * A failure of a guard, an argument or a resolver as a GraphQL error: the exception's message,
 * `extensions: { code, statusCode, details? }`. Unexpected errors become an INTERNAL_SERVER_ERROR
 * whose message hides the internals; `onFailure` gets the exception, to report.
 */
export function toGraphqlError(err: unknown, onFailure: (exception: HTTPException) => void): GraphQLError {
  if (err instanceof GraphQLError) return err;
  const exception = toHttpException(err);
  const { statusCode, details } = exception;
  onFailure(exception);
  const extensions = details
    ? { code: codeOf(statusCode), statusCode, details }
    : { code: codeOf(statusCode), statusCode };
  return new GraphQLError(exception.message, { extensions });
}
