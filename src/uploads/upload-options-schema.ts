import { z } from 'zod';

/** The shape of the `uploads` option, checked at `createApp`. */
export const UPLOAD_OPTIONS_SCHEMA = z.looseObject({
  maxConcurrentPerClient: z.number().int().positive().optional(),
});
