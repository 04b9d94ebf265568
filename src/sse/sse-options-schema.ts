import { z } from 'zod';

const positiveInteger = z.number().int().positive();

/** The shape of the `sse` option, checked at `createApp`. */
export const SSE_OPTIONS_SCHEMA = z.looseObject({
  heartbeatMs: positiveInteger.optional(),
  maxBufferedBytes: positiveInteger.optional(),
  maxConnectionsPerClient: positiveInteger.optional(),
});
