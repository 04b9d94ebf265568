import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Application } from '../app/application';
import type { NodeHandler } from '../engine/engine';
import type { AppDescription } from '../inspect/app-description';
import { ForbiddenException } from '../kernel/errors/exceptions';
import { sendBody } from '../openapi/raw-response';
import { pathOfUrl } from '../routing/route-path';
import { pagePolicy } from '../security/page-policy';
import { devtoolsError } from './devtools-errors';
import { DEVTOOLS_PATH, type DevtoolsOptions } from './devtools-options';
import { devtoolsPage } from './devtools-page';
import { DEVTOOLS_SCRIPT } from './devtools-script';
import { isLoopback } from './loopback';
import { recordRequests } from './record-requests';
import { type EndedSpan, RequestLog } from './request-log';

const DEFAULT_REQUESTS = 100;
const HTML = 'text/html; charset=utf-8';
const JSON_TYPE = 'application/json; charset=utf-8';
const JS = 'text/javascript; charset=utf-8';
const SCRIPT = Buffer.from(DEVTOOLS_SCRIPT);

// The page, its data and its script, answered only to this machine unless the option says otherwise.
function devtoolsHandler(app: Application, options: DevtoolsOptions, log: RequestLog): NodeHandler {
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
  return (req: IncomingMessage & { originalUrl?: string }, res: ServerResponse, next) => {
    if (!options.allowRemote && !isLoopback(req.socket.remoteAddress))
      return next(
        new ForbiddenException(
          'The devtools page answers this machine only (devtools: { allowRemote: true } to open it)',
          {
            code: 'DEVTOOLS_LOOPBACK_ONLY',
          },
        ),
      );
    const path = pathOfUrl(req.originalUrl ?? req.url ?? '/');
    if (path === `${DEVTOOLS_PATH}/devtools.js`) return sendBody(res, SCRIPT, JS);
    describe().then(({ description, page }) => {
      if (path === DEVTOOLS_PATH) {
        policy(res);
        return sendBody(res, page, HTML);
      }
      const onlyRequests = (req.url ?? '').includes('part=requests');
      const data = onlyRequests ? { requests: log.list() } : { ...description, requests: log.list() };
      sendBody(res, Buffer.from(JSON.stringify(data)), JSON_TYPE);
    }, next);
  };
}

/** Serves the devtools page of `app` with `options`: loaded only by an application that asked for it. */
export function installDevtools(app: Application, options: DevtoolsOptions): void {
  const log = new RequestLog(options.requests ?? DEFAULT_REQUESTS);
  app.onReady(() => {
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
  });
}
