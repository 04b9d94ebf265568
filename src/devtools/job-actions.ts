import type { IncomingMessage, ServerResponse } from 'node:http';
import type { NodeHandler } from '../engine/engine';
import { JOBS_BOARD, type JobsBoard } from '../jobs';
import { type ModuleHost, NotFoundException } from '../kernel';
import { sendBody } from '../openapi';
import { pathOfUrl } from '../routing';
import { actionRefusal } from './devtools-access';
import { DEVTOOLS_PATH, type DevtoolsOptions } from './devtools-options';

const JSON_TYPE = 'application/json; charset=utf-8';

/** The paths of the page's job actions: retry a failed job, cancel any. */
export const JOB_ACTION_PATHS = [`${DEVTOOLS_PATH}/jobs/:id/retry`, `${DEVTOOLS_PATH}/jobs/:id/cancel`];

const ACTION = /\/jobs\/([^/]+)\/(retry|cancel)$/;

/** The jobs of the application, when the `jobs` module is installed. */
export function jobsBoardOf(app: ModuleHost): JobsBoard | undefined {
  return app.container.isBound(JOBS_BOARD) ? app.container.get<JobsBoard>(JOBS_BOARD) : undefined;
}

function noSuchJob(action: string, id: string, board: JobsBoard | undefined): NotFoundException {
  const message = !board
    ? "No job to act on: the application has no jobs module (install('jobs'))"
    : action === 'retry'
      ? `No failed job has the id '${id}'`
      : `No waiting, running or failed job has the id '${id}'`;
  return new NotFoundException(message, { code: 'DEVTOOLS_NO_SUCH_JOB' });
}

function idOf(encoded: string): string | undefined {
  try {
    return decodeURIComponent(encoded);
  } catch {
    return undefined;
  }
}

/**
 * `POST /_trellis/jobs/:id/retry` and `.../cancel`: the page's buttons, answered `{ id, retried }`
 * or `{ id, cancelled }`, 404 when no such job; refused to other clients and other origins.
 */
export function jobActionsHandler(app: ModuleHost, options: DevtoolsOptions): NodeHandler {
  return (req: IncomingMessage & { originalUrl?: string }, res: ServerResponse, next) => {
    const refused = actionRefusal(req, options);
    if (refused) return next(refused);
    const match = ACTION.exec(pathOfUrl(req.originalUrl ?? req.url ?? '/'));
    const action = match?.[2] ?? 'cancel';
    const id = match ? idOf(match[1]!) : undefined;
    const board = jobsBoardOf(app);
    if (!board || id === undefined) return next(noSuchJob(action, id ?? '', board));
    (action === 'retry' ? board.retry(id) : board.cancel(id)).then((done) => {
      if (!done) return next(noSuchJob(action, id, board));
      const answer = { id, [action === 'retry' ? 'retried' : 'cancelled']: true };
      sendBody(res, Buffer.from(JSON.stringify(answer)), JSON_TYPE);
    }, next);
  };
}
