import { checkOption, type MessageLanguage, resolveMessages } from '../../src/kernel';
import { DEFAULT_LOGINS_PER_USERNAME } from './account-limit';
import { AUTH_MESSAGES, AUTH_MESSAGES_EN, type AuthMessages } from './auth-messages';
import type { AuthOptions, JwtAlgorithm } from './auth-options';
import { AUTH_OPTIONS_SCHEMA, PRODUCTION_AUTH_OPTIONS_SCHEMA } from './auth-options-schema';
import { DEFAULT_DEVICE_COOKIE_MAX_AGE, DEFAULT_DEVICE_COOKIE_NAME } from './device-cookie';
import { DEFAULT_DEVICE_MAX_FAILURES } from './device-failures';
import { DEFAULT_LOGIN_FAILURE_BURST, DEFAULT_LOGIN_FAILURE_SPACING_MS } from './login-failure-spacing';
import { DEFAULT_HASH_QUEUE_LIMIT } from './password-hasher';

/** The checked, defaulted options the auth services run on. */
export interface AuthSettings {
  /** The signing secret. */
  secret: string;
  /** The HMAC algorithm tokens are signed with. */
  algorithm: JwtAlgorithm;
  /** Lifetime of an access token, in seconds. */
  accessTokenTTL: number;
  /** Lifetime of a refresh token, in seconds. */
  refreshTokenTTL: number;
  /** bcrypt cost of the built-in hashing. */
  bcryptRounds: number;
  /** Hashes that may wait for a free slot before a 503. */
  hashQueueLimit: number;
  /** Logins of one username in progress at once, across every client. */
  loginsPerUsername: number;
  /** Milliseconds after a failed login of a username before the next may be verified; 0 for none. */
  loginFailureSpacingMs: number;
  /** Failures of a username from unknown devices verified back to back before the spacing holds. */
  loginFailureBurst: number;
  /** The device cookie, or false when device cookies are off. */
  deviceCookie: false | { name: string; maxAgeSeconds: number; maxFailures: number; secure: boolean };
  /** The `Authorization` scheme words accepted, case-insensitively; 401 answers name the first. */
  schemes: readonly string[];
  /** Whether every `Auth()` loads the caller through the user provider once per call. */
  freshUser: boolean;
  /** Every text the module answers clients with: the defaults, with those the options replace. */
  messages: Readonly<AuthMessages>;
}

/** The scheme of `Authorization: Bearer <token>`, accepted when the options name none. */
export const DEFAULT_AUTH_SCHEME = 'Bearer';

const DEFAULT_MALFORMED_FORM = '"Bearer <token>"';

// The default malformed-header text names the forms this application accepts; one given in
// `messages` is the application's own and stays as written.
function malformedHeaderText(
  messages: Readonly<AuthMessages>,
  given: Partial<AuthMessages> | undefined,
  schemes: readonly string[],
  language: MessageLanguage,
): Readonly<AuthMessages> {
  if (given?.malformedHeader !== undefined) return messages;
  const forms = schemes.map((scheme) => `"${scheme} <token>"`).join(language === 'en' ? ' or ' : ' o ');
  const malformedHeader = messages.malformedHeader.replace(DEFAULT_MALFORMED_FORM, forms);
  return Object.freeze({ ...messages, malformedHeader });
}

const DEFAULT_BCRYPT_ROUNDS = 10;

/**
 * Checks the options of `app.install('auth', ...)` and fills the defaults (the texts in the
 * application's `messages` language); throws on misconfiguration.
 */
export function resolveAuthSettings(
  options: AuthOptions,
  env = process.env.NODE_ENV,
  language: MessageLanguage = 'es',
): AuthSettings {
  checkOption(env === 'production' ? PRODUCTION_AUTH_OPTIONS_SCHEMA : AUTH_OPTIONS_SCHEMA, options, 'auth');
  const { jwt } = options;
  const schemes =
    typeof options.scheme === 'string' ? [options.scheme] : [...(options.scheme ?? [DEFAULT_AUTH_SCHEME])];
  const messages = resolveMessages<AuthMessages>(
    language === 'en' ? AUTH_MESSAGES_EN : AUTH_MESSAGES,
    options.messages,
  );
  return {
    secret: jwt.secret,
    algorithm: jwt.algorithm ?? 'HS256',
    accessTokenTTL: jwt.accessTokenTTL,
    refreshTokenTTL: jwt.refreshTokenTTL,
    bcryptRounds: options.bcryptRounds ?? DEFAULT_BCRYPT_ROUNDS,
    hashQueueLimit: options.hashQueueLimit ?? DEFAULT_HASH_QUEUE_LIMIT,
    loginsPerUsername: options.loginsPerUsername ?? DEFAULT_LOGINS_PER_USERNAME,
    loginFailureSpacingMs: options.loginFailureSpacingMs ?? DEFAULT_LOGIN_FAILURE_SPACING_MS,
    loginFailureBurst: options.loginFailureBurst ?? DEFAULT_LOGIN_FAILURE_BURST,
    deviceCookie:
      options.deviceCookie === false
        ? false
        : {
            name: options.deviceCookie?.name ?? DEFAULT_DEVICE_COOKIE_NAME,
            maxAgeSeconds: options.deviceCookie?.maxAgeSeconds ?? DEFAULT_DEVICE_COOKIE_MAX_AGE,
            maxFailures: options.deviceCookie?.maxFailures ?? DEFAULT_DEVICE_MAX_FAILURES,
            secure: env === 'production',
          },
    schemes,
    freshUser: options.freshUser ?? false,
    messages: malformedHeaderText(messages, options.messages, schemes, language),
  };
}
