import type { Logger } from 'pino';
import type { RawData, WebSocket } from 'ws';
import type { ErrorBodyWriter } from '../error-body/error-body-writer';
import type { RequestContext } from '../http/request-context';
import {
  BadRequestException,
  type ContextVariable,
  HTTP_STATUS,
  toHttpException,
  variableOf,
} from '../kernel';
import { reportFailure } from '../logging/report-failure';
import { CLOSE_CODES } from './close-codes';
import type { CompiledGateway } from './compile-gateway';
import { EventQueue } from './event-queue';
import { LiveConnection } from './live-connection';
import { errorMessage, parseMessage } from './messages';

const SERVER_ERROR = HTTP_STATUS.INTERNAL_SERVER_ERROR;

/** A connection being served, and when it is over (its `OnDisconnect` handler included). */
export interface ServedConnection {
  connection: LiveConnection;
  finished: Promise<void>;
}

/**
 * Serves one accepted socket: `OnConnect`, then each message in order (parsed, validated,
 * answered with the handler's return value or an error message), then `OnDisconnect`.
 */
export function serveConnection(
  gateway: CompiledGateway,
  socket: WebSocket,
  upgrade: RequestContext,
  maxBufferedBytes: number,
  logger: Logger,
  errorBody?: ErrorBodyWriter,
): ServedConnection {
  const connection = new LiveConnection(
    socket,
    gateway.hub,
    variableOf(upgrade, 'user') as ContextVariable<'user'> | undefined,
    maxBufferedBytes,
    logger,
  );
  const where = { gateway: gateway.path, connection: connection.id };
  const fail = (err: unknown) => {
    const exception = toHttpException(err);
    reportFailure(logger, exception, where, 'WebSocket handler failed');
    return exception;
  };
  const queue = new EventQueue(socket, (err) => logger.error({ err, ...where }, 'WebSocket event failed'));
  let refused = false;

  // ws reports protocol violations (an oversize message, say) as errors, then closes by itself.
  socket.on('error', (err) => logger.info({ err, ...where }, 'WebSocket protocol error'));
  gateway.hub.add(connection);
  queue.push(async () => {
    if (!gateway.onConnect) return;
    try {
      const result = await gateway.onConnect(upgrade, connection);
      if (result !== undefined) connection.send(result);
    } catch (err) {
      // A failed OnConnect refuses the client: it hears why, then the connection closes.
      const exception = fail(err);
      refused = true;
      connection.send(errorMessage(exception, errorBody, upgrade));
      connection.close(
        exception.statusCode >= SERVER_ERROR ? CLOSE_CODES.INTERNAL_ERROR : CLOSE_CODES.POLICY_VIOLATION,
      );
    }
  });

  socket.on('message', (raw: RawData, isBinary: boolean) => {
    queue.push(async () => {
      if (refused) return;
      try {
        if (!gateway.onMessage) throw new BadRequestException('This gateway accepts no messages');
        const result = await gateway.onMessage(upgrade, connection, parseMessage(raw, isBinary));
        if (result !== undefined) connection.send(result);
      } catch (err) {
        connection.send(errorMessage(fail(err), errorBody, upgrade));
      }
    });
  });

  const finished = new Promise<void>((resolve) => {
    socket.once('close', () => {
      void queue
        .push(async () => {
          try {
            if (gateway.onDisconnect) await gateway.onDisconnect(upgrade, connection);
          } catch (err) {
            // Nobody is left to tell: reported like any other failure (a 4xx not at all).
            reportFailure(logger, toHttpException(err), where, 'WebSocket OnDisconnect failed');
          } finally {
            // Only now, so OnDisconnect still sees the rooms it may want to tell.
            gateway.hub.remove(connection);
          }
        })
        .then(resolve);
    });
  });
  return { connection, finished };
}
