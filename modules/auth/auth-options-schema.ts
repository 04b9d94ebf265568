import { z } from 'zod';
import { messagesSchema } from '../../src/kernel';
import { AUTH_MESSAGES } from './auth-messages';
import { PUBLISHED_SECRETS } from './published-secrets';

/** The HMAC algorithms a shared secret can sign with. */
export const JWT_ALGORITHMS = ['HS256', 'HS384', 'HS512'] as const;
const MIN_SECRET = 32;
const MIN_DISTINCT_PRODUCTION = 16;
// bcrypt's own bounds: below 4 it refuses, above 31 the cost overflows.
const MIN_ROUNDS = 4;
const MAX_ROUNDS = 31;

function shown(value: unknown): string {
  return typeof value === 'string' ? JSON.stringify(value) : String(value);
}

// One wording for every issue of a value (wrong type, fraction, out of range), with what was given.
function problem(text: string) {
  return { error: (issue: { input?: unknown }) => `${text} (got ${shown(issue.input)})` };
}

function required(what: string) {
  return {
    error: (issue: { input?: unknown }) => (issue.input === undefined ? 'is required' : `expected ${what}`),
  };
}

const SECONDS = 'must be a positive whole number of seconds';
const seconds = z.number(problem(SECONDS)).int(problem(SECONDS)).positive(problem(SECONDS));

const ROUNDS = `must be a whole number from ${MIN_ROUNDS} to ${MAX_ROUNDS}`;
const QUEUE = 'must be a whole number from 0';
const PER_USERNAME = 'must be a whole number from 1';
const SPACING = 'must be a whole number of milliseconds from 0';

function hasMethods(value: unknown, names: readonly string[]): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const methods = value as Record<string, unknown>;
  return names.every((name) => typeof methods[name] === 'function');
}

// A class is resolved from the container at ready(), where its own dependencies are checked.
const userProvider = z.custom(
  (value) => typeof value === 'function' || hasMethods(value, ['findByCredentials', 'findById']),
  {
    error: (issue) =>
      issue.input === undefined
        ? 'is required (an object or a class with findByCredentials and findById)'
        : 'needs findByCredentials(username, password) and findById(id)',
  },
);

const store = z.custom(
  (value) => hasMethods(value, ['createSession', 'rotate', 'isActive', 'endSession', 'endUserSessions']),
  {
    message: 'expected a TokenStore (createSession, rotate, isActive, endSession, endUserSessions)',
  },
);

const denyList = z.custom((value) => hasMethods(value, ['add', 'has']), {
  message: 'expected a TokenDenyList (add, has)',
});

const COUNT = 'must be a positive whole number';
const count = z.number(problem(COUNT)).int(problem(COUNT)).positive(problem(COUNT));
const rateLimitStore = z.custom((value) => hasMethods(value, ['increment', 'decrement']), {
  message: 'expected a rate-limit store (increment, decrement)',
});

const loginLimit = z.union([
  z.literal(false),
  z.strictObject({
    windowMs: count.optional(),
    max: count.optional(),
    clientMax: count.optional(),
    stores: z
      .strictObject({ username: rateLimitStore.optional(), client: rateLimitStore.optional() })
      .optional(),
  }),
]);

const deviceCookie = z.union(
  [
    z.literal(false),
    z.strictObject({
      name: z
        .string()
        .regex(/^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/, "must be a cookie name (letters, digits, !#$%&'*+-.^_`|~)")
        .optional(),
      maxAgeSeconds: seconds.optional(),
      maxFailures: count.optional(),
    }),
  ],
  { error: 'expected false or { name?, maxAgeSeconds?, maxFailures? }' },
);

const routes = z.union(
  [
    z.boolean(),
    z.strictObject({
      prefix: z
        .string()
        .regex(/^\/\S*$/, 'must start with "/" and hold no spaces')
        .optional(),
      loginLimit: loginLimit.optional(),
    }),
  ],
  { error: 'expected true, false or { prefix?, loginLimit? }' },
);

// An auth-scheme is an HTTP token (RFC 9110 section 11.1).
const schemeWord = z
  .string({ error: 'expected a scheme word such as "Bearer" or "Token"' })
  .regex(
    /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/,
    "must be one word of letters, digits or !#$%&'*+-.^_`|~ (no spaces)",
  );

const scheme = z.union(
  [
    schemeWord,
    z
      .array(schemeWord)
      .min(1, 'must name at least one scheme')
      .refine((words) => new Set(words.map((word) => word.toLowerCase())).size === words.length, {
        error: 'must not name a scheme twice (schemes are case-insensitive)',
      }),
  ],
  { error: 'expected a scheme word ("Token") or a list of them (["Bearer", "Token"])' },
);

function authOptionsSchema(secret: z.ZodString) {
  return z.looseObject({
    jwt: z.looseObject(
      {
        secret,
        accessTokenTTL: seconds,
        refreshTokenTTL: seconds,
        algorithm: z.enum(JWT_ALGORITHMS, problem(`must be one of ${JWT_ALGORITHMS.join(', ')}`)).optional(),
      },
      required('an object with secret, accessTokenTTL and refreshTokenTTL'),
    ),
    userProvider,
    store: store.optional(),
    denyList: denyList.optional(),
    bcryptRounds: z
      .number(problem(ROUNDS))
      .int(problem(ROUNDS))
      .min(MIN_ROUNDS, problem(ROUNDS))
      .max(MAX_ROUNDS, problem(ROUNDS))
      .optional(),
    hashQueueLimit: z.number(problem(QUEUE)).int(problem(QUEUE)).nonnegative(problem(QUEUE)).optional(),
    loginsPerUsername: z
      .number(problem(PER_USERNAME))
      .int(problem(PER_USERNAME))
      .positive(problem(PER_USERNAME))
      .optional(),
    loginFailureSpacingMs: z
      .number(problem(SPACING))
      .int(problem(SPACING))
      .nonnegative(problem(SPACING))
      .optional(),
    loginFailureBurst: count.optional(),
    deviceCookie: deviceCookie.optional(),
    scheme: scheme.optional(),
    freshUser: z.boolean(problem('must be true or false')).optional(),
    messages: messagesSchema(AUTH_MESSAGES),
    routes: routes.optional(),
  });
}

// An HMAC key shorter than the hash it feeds can be guessed offline from any one token.
const secret = z
  .string(required('a string'))
  .min(1, 'is required')
  .min(MIN_SECRET, {
    error: (issue) => `must be at least ${MIN_SECRET} characters (got ${String(issue.input).length})`,
  });

const distinct = (value: string) => new Set(value).size;

/** The shape of `app.install('auth', options)`, checked at install. */
export const AUTH_OPTIONS_SCHEMA = authOptionsSchema(secret);

/**
 * The same, with NODE_ENV=production: a secret from the docs, or one of few distinct characters
 * (32 times `a`, a repeated word), is refused as a secret someone may already know or guess.
 */
export const PRODUCTION_AUTH_OPTIONS_SCHEMA = authOptionsSchema(
  secret
    .refine((value) => !PUBLISHED_SECRETS.has(value), {
      error: 'must not be a secret printed in the Trellis docs, which anyone can read: use a random one',
      abort: true,
    })
    .refine((value) => distinct(value) >= MIN_DISTINCT_PRODUCTION, {
      error: (issue) =>
        `must have at least ${MIN_DISTINCT_PRODUCTION} distinct characters in production (got ${distinct(String(issue.input))}): use a random one`,
    }),
);
