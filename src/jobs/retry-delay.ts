const MAX_EXPONENT = 10;

/** graphile-worker's retry schedule: e^attempt seconds after the run that failed (capped at e^10). */
export function retryDelayMs(attempt: number): number {
  return Math.exp(Math.min(attempt, MAX_EXPONENT)) * 1000;
}
