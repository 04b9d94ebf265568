import type { IncomingMessage, ServerResponse } from 'node:http';
import type { NodeHandler } from '../engine/engine';
import type { AppDescription } from '../inspect/app-description';
import type { ModuleHost } from '../kernel';
import { sendBody } from '../openapi';
import { pathOfUrl } from '../routing';
import { pagePolicy } from '../security';
import { clientRefusal } from './devtools-access';
import { devtoolsError } from './devtools-errors';
import { DEVTOOLS_PATH, type DevtoolsOptions } from './devtools-options';
import { devtoolsPage } from './devtools-page';
import { DEVTOOLS_SCRIPT } from './devtools-script';
import { JOB_ACTION_PATHS, jobActionsHandler, jobsBoardOf } from './job-actions';
import { recordRequests } from './record-requests';
import { type EndedSpan, RequestLog } from './request-log';

const DEFAULT_REQUESTS = 100;
const HTML = 'text/html; charset=utf-8';
const JSON_TYPE = 'application/json; charset=utf-8';
const JS = 'text/javascript; charset=utf-8';
const SCRIPT = Buffer.from(DEVTOOLS_SCRIPT);

// The page, its data and its script, answered only to this machine unless the option says otherwise.
function devtoolsHandler(app: ModuleHost, options: DevtoolsOptions, log: RequestLog): NodeHandler {
  const policy = pagePolicy(app.options.securityHeaders);
  let described: Promise<{ description: AppDescription; page: Buffer }> | undefined;
  // Described once, on the first visit: the application's shape is fixed from ready() on.
  const describe = () => {
    described ??= app.inspect().then((description) => ({
      description,
      page: Buffer.from(devtoolsPage(description)),
    }));
    return described;
  };
  const sendJson = (res: ServerResponse, data: unknown) =>
    sendBody(res, Buffer.from(JSON.stringify(data)), JSON_TYPE);
  return (req: IncomingMessage & { originalUrl?: string }, res: ServerResponse, next) => {
    const refused = clientRefusal(req, options);
    if (refused) return next(refused);
    const url = req.originalUrl ?? req.url ?? '/';
    const path = pathOfUrl(url);
    if (path === `${DEVTOOLS_PATH}/devtools.js`) return sendBody(res, SCRIPT, JS);
    const part = new URLSearchParams(url.slice(path.length).replace(/^\?/, '')).get('part');
    if (path !== DEVTOOLS_PATH && part === 'queue') {
      // Read at each visit: the jobs change, unlike the application's shape.
      const board = jobsBoardOf(app);
      (board ? board.overview() : Promise.resolve(null)).then((queue) => sendJson(res, { queue }), next);
      return;
    }
    describe().then(({ description, page }) => {
      if (path === DEVTOOLS_PATH) {
        policy(res);
        return sendBody(res, page, HTML);
      }
      sendJson(
        res,
        part === 'requests' ? { requests: log.list() } : { ...description, requests: log.list() },
      );
    }, next);
  };
}

/** Serves the devtools page of `app` with `options`: loaded only by an application that asked for it. */
export function installDevtools(app: ModuleHost, options: DevtoolsOptions): void {
  const log = new RequestLog(options.requests ?? DEFAULT_REQUESTS);
  app.onCompile(() => {
    if (process.env.NODE_ENV === 'production') throw devtoolsError('TRELLIS_ERR_DEVTOOLS_IN_PRODUCTION');
  });
  app.tracing?.watchSpans((span) => log.addSpan(span as unknown as EndedSpan));
  app.answerWatchers.push(recordRequests(log));
  app.onCompiled(() => {
    app.engine.mountHandler({
      name: 'the devtools page',
      methods: ['GET'],
      paths: [DEVTOOLS_PATH, `${DEVTOOLS_PATH}.json`, `${DEVTOOLS_PATH}/devtools.js`],
      handler: devtoolsHandler(app, options, log),
    });
    app.engine.mountHandler({
      name: "the devtools page's job actions",
      methods: ['POST'],
      paths: JOB_ACTION_PATHS,
      handler: jobActionsHandler(app, options),
    });
  });
}
