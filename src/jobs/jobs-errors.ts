import { createError, errorFactory, type ValidationDetail } from '../kernel';

/** The longest `timeoutMs` a run can have: what a Node.js timer holds (about 24.8 days). */
export const MAX_JOB_TIMEOUT_MS = 2_147_483_647;

/** The jobs' configuration and start-up errors: code and message template, each documented in docs/errors.md. */
export const JOBS_ERRORS = {
  TRELLIS_ERR_DUPLICATE_JOB: (name: string, first: string, second: string) =>
    `The job or schedule '${name}' is declared twice: by ${first} and by ${second}`,
  TRELLIS_ERR_INVALID_CRON: (where: string, expression: string, problem: string) =>
    `${where}: Cron('${expression}') cannot be read: ${problem}`,
  TRELLIS_ERR_JOBS_WITHOUT_DATABASE: () =>
    "install('jobs') keeps its jobs in the database module's database: install('database') first",
  TRELLIS_ERR_JOB_NOT_STORED: (name: string, key: string, tries: number) =>
    `enqueue('${name}', { key: '${key}' }): the database stored no job in ${tries} tries, a worker taking the job of that key each time`,
  TRELLIS_ERR_INVALID_JOB_TIMEOUT: (where: string, timeoutMs: unknown) =>
    `${where}: Job() timeoutMs must be a whole number of milliseconds from 1 to ${MAX_JOB_TIMEOUT_MS}, got ${String(timeoutMs)}`,
  TRELLIS_ERR_HANDLER_WITHOUT_JOBS: (handler: string) =>
    `install('jobs', { handlers }): ${handler} has no Job() or Cron() method, so it would run nothing; decorate its methods, or register it with app.register() if it is a plain provider`,
};

/** Builds the `TrellisError` of one of these codes from its message template's arguments. */
export const jobsError = errorFactory(JOBS_ERRORS);

/** `enqueue` given a name no `Job()` method takes; nothing is stored. */
export const UnknownJobError = createError(
  'TRELLIS_ERR_UNKNOWN_JOB',
  (name: string, known: readonly string[]) =>
    `No Job() is named '${name}'; the jobs are ${known.length === 0 ? '(none)' : known.map((job) => `'${job}'`).join(', ')}`,
);

const InvalidPayload = createError(
  'TRELLIS_ERR_INVALID_JOB_PAYLOAD',
  (name: string, details: readonly ValidationDetail[]) =>
    `The payload of the job '${name}' is refused by its schema: ${details
      .map((detail) => `${detail.path}: ${detail.message}`)
      .join('; ')}`,
  undefined,
  TypeError,
);

/** `enqueue` given a payload its job's schema refuses; nothing is stored. `details` lists each problem. */
export class InvalidJobPayloadError extends InvalidPayload {
  constructor(
    name: string,
    /** What the schema refused, field by field. */
    readonly details: readonly ValidationDetail[],
  ) {
    super(name, details);
  }
}

/** `enqueue` given options it cannot take (a `runAt` that is no date, `maxAttempts: 0`); nothing is stored. */
export const InvalidEnqueueOptionsError = createError(
  'TRELLIS_ERR_INVALID_ENQUEUE_OPTIONS',
  (name: string, problem: string) => `enqueue('${name}'): ${problem}`,
  undefined,
  TypeError,
);

/**
 * A run that went past its `timeoutMs`: the reason its `JobContext.signal` aborts with, and the
 * failed attempt's error. `stillRunning`: the attempt whose handler, ignoring its signal, still
 * runs in this process, so that this attempt was not run.
 */
export const JobTimeoutError = createError(
  'TRELLIS_ERR_JOB_TIMEOUT',
  (name: string, timeoutMs: number | undefined, stillRunning?: number) =>
    stillRunning === undefined
      ? `The job '${name}' ran past its timeout of ${timeoutMs} ms and was aborted`
      : `The job '${name}' was not run: its attempt ${stillRunning} still runs ${
          timeoutMs === undefined
            ? 'in this process'
            : `past its timeout of ${timeoutMs} ms, its handler ignoring JobContext.signal`
        }`,
);
