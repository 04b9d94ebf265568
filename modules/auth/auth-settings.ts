import { trellisError } from '../../src/errors/trellis-errors';
import type { AuthOptions, JwtAlgorithm } from './auth-options';
import { DEFAULT_HASH_QUEUE_LIMIT } from './password-hasher';

/** The checked, defaulted options the auth services run on. */
export interface AuthSettings {
  secret: string;
  algorithm: JwtAlgorithm;
  accessTokenTTL: number;
  refreshTokenTTL: number;
  bcryptRounds: number;
  hashQueueLimit: number;
}

const ALGORITHMS: readonly JwtAlgorithm[] = ['HS256', 'HS384', 'HS512'];
const MIN_PRODUCTION_SECRET = 32;
const DEFAULT_BCRYPT_ROUNDS = 10;
// bcrypt's own bounds: below 4 it refuses, above 31 the cost overflows.
const MIN_ROUNDS = 4;
const MAX_ROUNDS = 31;

function positiveSeconds(name: string, value: unknown): number {
  if (!Number.isInteger(value) || (value as number) <= 0)
    throw trellisError(
      'TRELLIS_ERR_INVALID_OPTION',
      `auth.jwt.${name}`,
      `must be a positive whole number of seconds (got ${String(value)})`,
    );
  return value as number;
}

/** Checks the options of `app.install('auth', ...)` and fills the defaults; throws on misconfiguration. */
export function resolveAuthSettings(options: AuthOptions, env = process.env.NODE_ENV): AuthSettings {
  const jwt = options?.jwt;
  if (!jwt || typeof jwt.secret !== 'string' || jwt.secret.length === 0)
    throw trellisError('TRELLIS_ERR_INVALID_OPTION', 'auth.jwt.secret', 'is required');
  if (env === 'production' && jwt.secret.length < MIN_PRODUCTION_SECRET)
    throw trellisError(
      'TRELLIS_ERR_INVALID_OPTION',
      'auth.jwt.secret',
      `must be at least ${MIN_PRODUCTION_SECRET} characters in production`,
    );
  const algorithm = jwt.algorithm ?? 'HS256';
  if (!ALGORITHMS.includes(algorithm))
    throw trellisError(
      'TRELLIS_ERR_INVALID_OPTION',
      'auth.jwt.algorithm',
      `must be one of ${ALGORITHMS.join(', ')} (got ${String(algorithm)})`,
    );
  const bcryptRounds = options.bcryptRounds ?? DEFAULT_BCRYPT_ROUNDS;
  if (!Number.isInteger(bcryptRounds) || bcryptRounds < MIN_ROUNDS || bcryptRounds > MAX_ROUNDS)
    throw trellisError(
      'TRELLIS_ERR_INVALID_OPTION',
      'auth.bcryptRounds',
      `must be a whole number from ${MIN_ROUNDS} to ${MAX_ROUNDS}`,
    );
  const hashQueueLimit = options.hashQueueLimit ?? DEFAULT_HASH_QUEUE_LIMIT;
  if (!Number.isInteger(hashQueueLimit) || hashQueueLimit < 0)
    throw trellisError(
      'TRELLIS_ERR_INVALID_OPTION',
      'auth.hashQueueLimit',
      `must be a whole number from 0 (got ${String(hashQueueLimit)})`,
    );
  const provider = options.userProvider;
  if (!provider || (typeof provider !== 'function' && typeof provider !== 'object'))
    throw trellisError(
      'TRELLIS_ERR_INVALID_OPTION',
      'auth.userProvider',
      'is required (an object or a class with findByCredentials and findById)',
    );
  if (
    typeof provider === 'object' &&
    (typeof provider.findByCredentials !== 'function' || typeof provider.findById !== 'function')
  )
    throw trellisError(
      'TRELLIS_ERR_INVALID_OPTION',
      'auth.userProvider',
      'needs findByCredentials(username, password) and findById(id)',
    );
  return {
    secret: jwt.secret,
    algorithm,
    accessTokenTTL: positiveSeconds('accessTokenTTL', jwt.accessTokenTTL),
    refreshTokenTTL: positiveSeconds('refreshTokenTTL', jwt.refreshTokenTTL),
    bcryptRounds,
    hashQueueLimit,
  };
}
