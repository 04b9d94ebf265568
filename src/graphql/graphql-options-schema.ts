import { z } from 'zod';

const positiveInteger = z.number().int().positive();

/** The shape of the `graphql` option, checked at `createApp` (its limits are checked when the feature is installed). */
export const GRAPHQL_OPTIONS_SCHEMA = z.union([
  z.literal(false),
  z.looseObject({
    path: z.string().optional(),
    introspection: z.boolean().optional(),
    ide: z.boolean().optional(),
    subscriptions: z
      .looseObject({
        requireAuth: z.boolean().optional(),
        maxConnectionsPerClient: positiveInteger.optional(),
        maxSubscriptionsPerConnection: positiveInteger.optional(),
      })
      .optional(),
  }),
]);
