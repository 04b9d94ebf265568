import { type ZodType, z } from 'zod';
import { ERROR_BODY_OPTIONS_SCHEMA } from '../error-body/error-body-options-schema';
import type { TrellisFeature } from '../kernel';

const bytes: { parse(value: string): number | null } = require('bytes');

const classes = z.array(
  z.custom<Function>((value) => typeof value === 'function', { message: 'expected a class' }),
);
const size = z.string().refine((value) => bytes.parse(value) !== null, {
  message: "expected a size (e.g. '100kb')",
});

// The options of the application itself; each feature brings the shape of its own.
const CORE_OPTIONS = {
  controllers: classes.optional(),
  // Its shape (a literal path) is checked by checkRoutePrefix, with a code of its own.
  prefix: z.string().optional(),
  providers: classes.optional(),
  bodyLimit: size.optional(),
  errorBody: ERROR_BODY_OPTIONS_SCHEMA.optional(),
  // Any string: an unknown engine gets its own code (TRELLIS_ERR_UNKNOWN_ENGINE).
  engine: z.string().optional(),
  logger: z.looseObject({}).optional(),
  messages: z.enum(['es', 'en']).optional(),
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
  tracing: z
    .union([
      z.boolean(),
      z.looseObject({ tracerName: z.string().min(1).optional(), steps: z.boolean().optional() }),
    ])
    .optional(),
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
};

/**
 * The shape of `createApp` options, checked at `createApp`: a malformed option fails there,
 * naming its path. The application's own options, then each feature's option and the classes of
 * each role it serves. Keys it does not name pass through (modules check their own); what needs
 * the whole app (routes, modules, packages) is checked at `ready()`.
 */
export function appOptionsSchema(features: readonly TrellisFeature<any>[]): ZodType {
  const parts = features.flatMap((feature) => [
    ...(feature.option && feature.schema ? [[feature.option, feature.schema.optional()] as const] : []),
    ...(feature.roles ?? []).map((role) => [role.option, classes.optional()] as const),
  ]);
  return z.looseObject({ ...CORE_OPTIONS, ...Object.fromEntries(parts) });
}
