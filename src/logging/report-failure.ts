import type { Logger } from 'pino';
import { HTTP_STATUS } from '../errors/catalog';
import type { HTTPException } from '../errors/http-exception';

/**
 * Logs a failure answered with `exception`, the same way on HTTP, WebSocket and GraphQL: a 503
 * (a backing service down fails every request alike) as one short warning line, any other 5xx
 * as an error with its cause, a 4xx not at all (the client's mistake, answered).
 */
export function reportFailure(
  logger: Logger,
  exception: HTTPException,
  where: Record<string, unknown>,
  message: string,
): void {
  const { statusCode } = exception;
  if (statusCode === HTTP_STATUS.SERVICE_UNAVAILABLE)
    logger.warn({ ...where, statusCode }, exception.message);
  else if (statusCode >= HTTP_STATUS.INTERNAL_SERVER_ERROR)
    logger.error({ err: exception.cause ?? exception, ...where, statusCode }, message);
}
