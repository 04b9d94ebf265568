import { z } from 'zod';

/** The shape of the `openapi` option, checked at `createApp`. */
export const OPENAPI_OPTIONS_SCHEMA = z.union([
  z.literal(false),
  z.looseObject({
    title: z.string(),
    version: z.string(),
    description: z.string().optional(),
    ui: z.boolean().optional(),
    servers: z
      .array(z.looseObject({ url: z.string().min(1), description: z.string().optional() }))
      .min(1)
      .optional(),
    license: z
      .looseObject({
        name: z.string().min(1),
        identifier: z.string().optional(),
        url: z.string().optional(),
      })
      .optional(),
    contact: z
      .looseObject({
        name: z.string().optional(),
        url: z.string().optional(),
        email: z.string().optional(),
      })
      .optional(),
  }),
]);
