import type { Logger } from 'pino';
import type { RequestContext } from '../http/request-context';
import { HTTP_STATUS, type HTTPException } from '../kernel';
import { requestLogger } from '../observability/request-logger';
import { failureBursts } from './failure-bursts';

/**
 * Logs a failure answered with `exception`, the same way on HTTP, WebSocket and GraphQL: a 503
 * (a backing service down fails every request alike) as a short warning once per burst of the
 * same message, with a count when the burst ends; any other 5xx as an error with its cause; a 4xx
 * not at all (the client's mistake, answered).
 */
export function reportFailure(
  logger: Logger,
  exception: HTTPException,
  where: Record<string, unknown>,
  message: string,
  ctx?: RequestContext,
): void {
  const { statusCode } = exception;
  if (statusCode === HTTP_STATUS.SERVICE_UNAVAILABLE)
    failureBursts(logger).warn({ ...where, statusCode }, exception.message);
  else if (statusCode >= HTTP_STATUS.INTERNAL_SERVER_ERROR) {
    const log = ctx ? requestLogger(ctx, logger) : logger;
    log.error({ err: exception.cause ?? exception, ...where, statusCode }, message);
  }
}
