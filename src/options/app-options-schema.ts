import { z } from 'zod';

const bytes: { parse(value: string): number | null } = require('bytes');

const classes = z.array(
  z.custom<Function>((value) => typeof value === 'function', { message: 'expected a class' }),
);
const positiveInteger = z.number().int().positive();
const size = z.string().refine((value) => bytes.parse(value) !== null, {
  message: "expected a size (e.g. '100kb')",
});

/**
 * The shape of `createApp` options, checked at `createApp`: a malformed option fails there,
 * naming its path. Keys it does not name pass through (modules and features check their own);
 * what needs the whole app (routes, modules, packages) is checked at `ready()`.
 */
export const APP_OPTIONS_SCHEMA = z.looseObject({
  controllers: classes.optional(),
  gateways: classes.optional(),
  resolvers: classes.optional(),
  providers: classes.optional(),
  openapi: z
    .union([
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
    ])
    .optional(),
  graphql: z
    .union([
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
    ])
    .optional(),
  websocket: z
    .looseObject({
      maxPayload: positiveInteger.optional(),
      heartbeatIntervalMs: positiveInteger.optional(),
      maxBufferedBytes: positiveInteger.optional(),
      maxConnectionsPerClient: positiveInteger.optional(),
    })
    .optional(),
  sse: z
    .looseObject({
      heartbeatMs: positiveInteger.optional(),
      maxBufferedBytes: positiveInteger.optional(),
      maxConnectionsPerClient: positiveInteger.optional(),
    })
    .optional(),
  bodyLimit: size.optional(),
  // Any string: an unknown engine gets its own code (TRELLIS_ERR_UNKNOWN_ENGINE).
  engine: z.string().optional(),
  logger: z.looseObject({}).optional(),
  // Its entries (addresses, subnets) are checked by resolveTrustProxy.
  trustProxy: z.union([z.boolean(), z.number(), z.string(), z.array(z.string())]).optional(),
  etag: z.boolean().optional(),
  credentialCookies: z
    .array(z.string().regex(/^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/, 'must be a cookie name'))
    .optional(),
  versioning: z
    .discriminatedUnion('type', [
      z.looseObject({ type: z.literal('uri') }),
      z.looseObject({ type: z.literal('header'), header: z.string().min(1) }),
      z.looseObject({ type: z.literal('media-type'), key: z.string().min(1) }),
    ])
    .optional(),
  shutdownTimeoutMs: z.number().int().nonnegative().optional(),
  shutdownDelayMs: z.number().int().nonnegative().optional(),
  requestId: z.boolean().optional(),
  accessLog: z
    .union([
      z.boolean(),
      z.looseObject({
        level: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace']).optional(),
        sampleRate: z.number().min(0).max(1).optional(),
      }),
    ])
    .optional(),
  metrics: z
    .union([
      z.boolean(),
      z.looseObject({
        port: z.number().int().min(0).max(65_535).optional(),
        host: z.string().min(1).optional(),
        path: z.string().startsWith('/').optional(),
        defaultMetrics: z.boolean().optional(),
        buckets: z.array(z.number().positive()).min(1).optional(),
      }),
    ])
    .optional(),
  tracing: z.union([z.boolean(), z.looseObject({ tracerName: z.string().min(1).optional() })]).optional(),
  // The origin (a list, a predicate or true) is checked where CORS is built (src/security/cors.ts).
  cors: z
    .union([
      z.boolean(),
      z.looseObject({
        credentials: z.boolean().optional(),
        exposedHeaders: z.array(z.string()).optional(),
        allowedHeaders: z.array(z.string()).optional(),
        methods: z.array(z.string()).optional(),
        maxAge: z.number().int().nonnegative().optional(),
      }),
    ])
    .optional(),
  // helmet checks its own options when the headers are built (src/security/security-headers.ts).
  securityHeaders: z.union([z.boolean(), z.looseObject({})]).optional(),
});
