import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { z } from 'zod';

const MIN_SECRET_LENGTH = 32;
/** The demo users' password unless `DEMO_PASSWORD` says otherwise. */
export const DEFAULT_DEMO_PASSWORD = 'Demo-pass-123!';
const port = z.coerce.number().int().min(0).max(65_535);
const positiveInt = z.coerce.number().int().positive();
// A comma-separated list, each item trimmed, empty items dropped.
const commaList = z.string().transform((list) =>
  list
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== ''),
);

// A browser origin: scheme, host and port only. `null` (sandboxed and local pages) is none.
const origin = z
  .url({ protocol: /^https?$/ })
  .refine(
    (value) => URL.canParse(value) && new URL(value).origin === value,
    'must be an origin such as https://app.example.com (no path, no trailing slash)',
  );

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: port.default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  JWT_SECRET: z
    .string()
    .min(MIN_SECRET_LENGTH, `must be at least ${MIN_SECRET_LENGTH} characters long`)
    .optional(),
  JWT_ACCESS_TTL: positiveInt.default(3600),
  JWT_REFRESH_TTL: positiveInt.default(86_400),
  BCRYPT_ROUNDS: z.coerce.number().int().min(4).max(15).default(12),
  DATABASE_FILE: z.string().min(1).default('data/sample.db'),
  // postgres://... runs on PostgreSQL; sqlite:<file> or a path is SQLite; unset: DATABASE_FILE.
  DATABASE_URL: z.string().min(1).optional(),
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
  ATTACHMENT_MAX_BYTES: positiveInt.default(10 * 1024 * 1024),
  DEMO_PASSWORD: z.string().min(6).max(72).default(DEFAULT_DEMO_PASSWORD),
  LOGIN_RATE_LIMIT_MAX: positiveInt.default(5),
  LOGIN_RATE_LIMIT_WINDOW_MS: positiveInt.default(900_000),
  LOGIN_CLIENT_RATE_LIMIT_MAX: positiveInt.default(20),
  LOGIN_FAILURE_SPACING_MS: z.coerce.number().int().min(0).default(1000),
  REGISTER_RATE_LIMIT_MAX: positiveInt.default(10),
  REGISTER_RATE_LIMIT_WINDOW_MS: positiveInt.default(900_000),
  TRELLIS_ENGINE: z.enum(['express', 'fastify']).default('express'),
  // Behind a balancer the client address comes from X-Forwarded-For: a hop count, addresses and
  // subnets (comma-separated, or 'loopback'), or true (any client can then choose its address);
  // unset trusts no proxy. createApp checks the value.
  TRUST_PROXY: z
    .string()
    .transform((value) =>
      /^\d+$/.test(value) ? Number(value) : value === 'true' ? true : value === 'false' ? false : value,
    )
    .optional(),
  // Prometheus metrics on a port of their own, never on PORT; unset serves none.
  METRICS_PORT: port.optional(),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  // How long close() answers 503 on /health/ready before it stops accepting (SIGTERM behind a balancer).
  SHUTDOWN_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(3000),
  ACCESS_LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace']).default('info'),
  ACCESS_LOG_SAMPLE_RATE: z.coerce.number().min(0).max(1).default(1),
  // OpenTelemetry spans; needs @opentelemetry/api and an SDK set up by the operator.
  TRACING: z.enum(['true', 'false']).default('false'),
  // Browser origins allowed to call the API, comma-separated (https://app.example.com).
  CORS_ORIGINS: commaList.pipe(z.array(origin)).optional(),
  // Browser origins allowed to open the chat and GraphQL subscriptions; unset allows any.
  WS_ORIGINS: commaList.pipe(z.array(origin)).optional(),
  // Where the sample's mailer appends its messages (one JSON line each); default: mail.log beside
  // DATABASE_FILE (a temporary folder with :memory:).
  MAIL_LOG_FILE: z.string().min(1).optional(),
  // When the cleanup-expired schedule deletes expired idempotency keys and sessions (five-field cron, UTC).
  CLEANUP_CRON: z.string().min(1).default('0 3 * * *'),
  // Read by the framework's logger; checked here so a typo fails with a clear message.
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
});

/** The names of every environment variable the sample reads (each documented in `.env.example`). */
export const CONFIG_VARIABLES = Object.keys(EnvSchema.shape);

/** Everything the sample reads from the environment, parsed and checked. */
export interface SampleConfig {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  jwt: { secret: string; accessTokenTTL: number; refreshTokenTTL: number };
  bcryptRounds: number;
  /** What the `database` module opens: `postgres://...`, or the SQLite file. */
  databaseUrl: string;
  /** The SQLite file (or `:memory:`); undefined on PostgreSQL. */
  databaseFile?: string;
  /** Largest task attachment, in bytes. */
  attachmentMaxBytes: number;
  redisUrl?: string;
  demoPassword: string;
  /** Failed logins per client and username (`max`) and per client (`clientMax`) per window. */
  loginRateLimit: { max: number; clientMax: number; windowMs: number };
  /** Milliseconds between verified failures of a username from unknown devices once their burst is spent; 0 for none. */
  loginFailureSpacingMs: number;
  /** Registration attempts per client per window, whatever their outcome. */
  registerRateLimit: { max: number; windowMs: number };
  engine: 'express' | 'fastify';
  trustProxy?: boolean | number | string;
  metrics?: { port: number; host: string };
  shutdownDelayMs: number;
  accessLog: { level: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace'; sampleRate: number };
  tracing: boolean;
  /** Browser origins allowed to call the API (CORS); empty: none. */
  corsOrigins: string[];
  /** Browser origins allowed to open WebSockets (the chat, GraphQL subscriptions); any when unset. */
  wsOrigins?: string[];
  /** The file the sample's mailer appends its messages to. */
  mailLogFile: string;
  /** The cron expression of the `cleanup-expired` schedule. */
  cleanupCron: string;
}

/** The configuration and what the operator should know about it. */
export interface LoadedConfig {
  config: SampleConfig;
  warnings: string[];
}

/** Thrown when the environment holds invalid settings; the message lists every one. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

// The SQLite file a database URL names; undefined for PostgreSQL.
function sqliteFile(url: string): string | undefined {
  if (/^postgres(ql)?:\/\//.test(url)) return undefined;
  return url.replace(/^sqlite:(\/\/)?/, '') || ':memory:';
}

// Beside the SQLite file; in a temporary folder for :memory: (as the attachments are).
function defaultMailLog(databaseFile: string): string {
  const folder =
    databaseFile === ':memory:' ? join(tmpdir(), `trellis-sample-${process.pid}`) : dirname(databaseFile);
  return join(folder, 'mail.log');
}

// An empty variable (`PORT=` in .env) means "not set", as most tools read it.
function withoutEmpty(env: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env).filter(
      (entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== '',
    ),
  );
}

/**
 * Reads the sample's settings from `env` (process.env by default).
 * @example const { config, warnings } = loadConfig({ PORT: '8080', DATABASE_FILE: ':memory:' });
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): LoadedConfig {
  const parsed = EnvSchema.safeParse(withoutEmpty(env));
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  }
  const vars = parsed.data;
  const warnings: string[] = [];
  let secret = vars.JWT_SECRET;
  if (!secret) {
    if (vars.NODE_ENV === 'production')
      throw new ConfigError(
        `Invalid configuration:\n  JWT_SECRET: required when NODE_ENV=production (at least ${MIN_SECRET_LENGTH} characters)`,
      );
    secret = randomBytes(48).toString('base64url');
    warnings.push(
      'JWT_SECRET is not set: using a random secret, so tokens stop working when the server restarts',
    );
  }
  if (vars.NODE_ENV === 'production' && vars.DEMO_PASSWORD === DEFAULT_DEMO_PASSWORD)
    warnings.push(
      'DEMO_PASSWORD is the published default: no demo users are created in production until it is set to another one',
    );
  return {
    warnings,
    config: {
      env: vars.NODE_ENV,
      port: vars.PORT,
      host: vars.HOST,
      jwt: { secret, accessTokenTTL: vars.JWT_ACCESS_TTL, refreshTokenTTL: vars.JWT_REFRESH_TTL },
      bcryptRounds: vars.BCRYPT_ROUNDS,
      databaseUrl: vars.DATABASE_URL ?? vars.DATABASE_FILE,
      databaseFile: sqliteFile(vars.DATABASE_URL ?? vars.DATABASE_FILE),
      attachmentMaxBytes: vars.ATTACHMENT_MAX_BYTES,
      redisUrl: vars.REDIS_URL,
      demoPassword: vars.DEMO_PASSWORD,
      loginRateLimit: {
        max: vars.LOGIN_RATE_LIMIT_MAX,
        clientMax: vars.LOGIN_CLIENT_RATE_LIMIT_MAX,
        windowMs: vars.LOGIN_RATE_LIMIT_WINDOW_MS,
      },
      loginFailureSpacingMs: vars.LOGIN_FAILURE_SPACING_MS,
      registerRateLimit: { max: vars.REGISTER_RATE_LIMIT_MAX, windowMs: vars.REGISTER_RATE_LIMIT_WINDOW_MS },
      engine: vars.TRELLIS_ENGINE,
      trustProxy: vars.TRUST_PROXY,
      metrics:
        vars.METRICS_PORT === undefined ? undefined : { port: vars.METRICS_PORT, host: vars.METRICS_HOST },
      shutdownDelayMs: vars.SHUTDOWN_DELAY_MS,
      accessLog: { level: vars.ACCESS_LOG_LEVEL, sampleRate: vars.ACCESS_LOG_SAMPLE_RATE },
      tracing: vars.TRACING === 'true',
      corsOrigins: vars.CORS_ORIGINS ?? [],
      wsOrigins: vars.WS_ORIGINS,
      mailLogFile: vars.MAIL_LOG_FILE ?? defaultMailLog(vars.DATABASE_FILE),
      cleanupCron: vars.CLEANUP_CRON,
    },
  };
}
