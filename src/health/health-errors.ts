import { createError } from '../kernel';

/** A readiness check added under a name already taken. */
export const DuplicateHealthCheckError = createError(
  'TRELLIS_ERR_DUPLICATE_HEALTH_CHECK',
  (name: string) => `Health check '${name}' is already registered`,
);
