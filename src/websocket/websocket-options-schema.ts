import { z } from 'zod';

const positiveInteger = z.number().int().positive();

/** The shape of the `websocket` option, checked at `createApp`. */
export const WEBSOCKET_OPTIONS_SCHEMA = z.looseObject({
  maxPayload: positiveInteger.optional(),
  heartbeatIntervalMs: positiveInteger.optional(),
  maxBufferedBytes: positiveInteger.optional(),
  maxConnectionsPerClient: positiveInteger.optional(),
});
