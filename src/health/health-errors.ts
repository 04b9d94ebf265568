import { createError } from '../kernel/errors/create-error';

/** A readiness check added under a name already taken. */
export const DuplicateHealthCheckError = createError(
  'TRELLIS_ERR_DUPLICATE_HEALTH_CHECK',
  (name: string) => `Health check '${name}' is already registered`,
);
