import { errorFactory } from '../kernel';

/** The HTTP engines' configuration errors: code and message template, each documented in docs/errors.md. */
export const ENGINE_ERRORS = {
  TRELLIS_ERR_UNKNOWN_ENGINE: (name: string) => `Unknown engine '${name}': use 'express' or 'fastify'`,
};

/** Builds the `TrellisError` of one of the engines' codes from its message template's arguments. */
export const engineError = errorFactory(ENGINE_ERRORS);
