import { reasonPhrase } from './catalog';

/**
 * The generic codes of error answers, the ones Apollo Server sends, so that the clients of every
 * transport branch on the same strings. Modules declare finer codes of their own.
 */
export const GENERIC_ERROR_CODES = {
  BAD_USER_INPUT: 'BAD_USER_INPUT',
  UNAUTHENTICATED: 'UNAUTHENTICATED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  TOO_MANY_REQUESTS: 'TOO_MANY_REQUESTS',
  SERVICE_UNAVAILABLE: 'SERVICE_UNAVAILABLE',
  INTERNAL_SERVER_ERROR: 'INTERNAL_SERVER_ERROR',
} as const;

/** One of the generic error codes. */
export type GenericErrorCode = keyof typeof GENERIC_ERROR_CODES;

const G = GENERIC_ERROR_CODES;
const BY_STATUS: Record<number, GenericErrorCode> = {
  400: G.BAD_USER_INPUT,
  401: G.UNAUTHENTICATED,
  403: G.FORBIDDEN,
  404: G.NOT_FOUND,
  409: G.CONFLICT,
  422: G.BAD_USER_INPUT,
  429: G.TOO_MANY_REQUESTS,
  500: G.INTERNAL_SERVER_ERROR,
  503: G.SERVICE_UNAVAILABLE,
};

/**
 * The code an error answer of this status carries when its exception names none: the generic
 * code of the status, else its reason phrase in UPPER_SNAKE_CASE (405 METHOD_NOT_ALLOWED).
 */
export function defaultErrorCode(status: number): string {
  const generic = BY_STATUS[status];
  if (generic) return generic;
  return reasonPhrase(status)
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '_')
    .replace(/^_|_$/g, '');
}
