import type { EnqueueOptions } from './jobs-token';

/** What is wrong with `enqueue`'s options, or undefined when nothing is. */
export function enqueueOptionsProblem(options: EnqueueOptions): string | undefined {
  const { runAt, delayMs, key, maxAttempts } = options;
  if (runAt !== undefined && !(runAt instanceof Date && Number.isFinite(runAt.getTime())))
    return 'runAt must be a valid Date';
  if (delayMs !== undefined && !(Number.isFinite(delayMs) && delayMs >= 0))
    return 'delayMs must be a number of milliseconds, 0 or more';
  if (key !== undefined && (typeof key !== 'string' || key === '')) return 'key must be a non-empty string';
  if (
    maxAttempts !== undefined &&
    !(Number.isInteger(maxAttempts) && maxAttempts >= 1 && maxAttempts <= 32_767)
  )
    return 'maxAttempts must be an integer from 1 to 32767';
  return undefined;
}
