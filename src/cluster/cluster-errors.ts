import { errorFactory } from '../kernel';

/** The errors of `serve()` with workers: code and message template, each documented in docs/errors.md. */
export const CLUSTER_ERRORS = {
  TRELLIS_ERR_WORKER_START: (pid: number | undefined, outcome: string) =>
    `serve(): worker ${pid ?? '(unknown)'} exited (${outcome}) before it was serving`,
};

/** Builds the `TrellisError` of one of `serve()`'s codes from its message template's arguments. */
export const clusterError = errorFactory(CLUSTER_ERRORS);
