import type { Logger } from 'pino';
import type { RequestContext } from '../http/request-context';
import { nodeRequestOf, requestStateOf } from './request-state';

/**
 * `logger` with the request's id (`reqId`) on every line, when the request is observed; made only
 * when something is logged, so requests that log nothing pay nothing for it.
 */
export function requestLogger(ctx: RequestContext, logger: Logger): Logger {
  const state = requestStateOf(nodeRequestOf(ctx));
  return state ? logger.child({ reqId: state.id }) : logger;
}
