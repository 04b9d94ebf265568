import type { IncomingMessage, RequestListener, Server, ServerResponse } from 'node:http';
import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import { trellisError } from '../../kernel';
import type { RequestObserver } from '../../observability/request-observer';
import { type CompiledRoute, nodeResponseWriter, unroutedAnswer, writeError } from '../../routing';
import {
  type Engine,
  type EngineOptions,
  type HandlerMount,
  type Middleware,
  WRAPPED_EXPRESS_APP,
} from '../engine';
import { handlerRoutes } from '../handler-routes';
import { requestPolicyMiddleware } from '../request-policy';
import { ExpressContext } from './express-context';
import { createExpressServer } from './express-server';
import { routeDispatcher } from './route-dispatcher';

/** Trellis on Express 5, the default engine. */
export class ExpressEngine implements Engine {
  readonly name = 'express';
  readonly writer = nodeResponseWriter;
  readonly native: Express;
  private listener?: RequestListener;
  private readonly mounts: HandlerMount[] = [];
  private mounted = false;

  constructor(private readonly options: EngineOptions) {
    this.native = express();
    this.native.disable('x-powered-by');
    this.native.set('etag', false);
    if (options.trustProxy !== undefined) this.native.set('trust proxy', options.trustProxy);
    const policy = requestPolicyMiddleware(options.policy);
    if (policy) this.native.use(policy);
  }

  use(path: string | undefined, middleware: Middleware[]): void {
    if (path === undefined) this.native.use(...middleware);
    else this.native.use(path, ...middleware);
  }

  mountHandler(mount: HandlerMount): void {
    if (this.mounted) throw trellisError('TRELLIS_ERR_AFTER_READY', 'mountHandler()');
    this.mounts.push(mount);
  }

  async mount(routes: readonly CompiledRoute[], observe?: RequestObserver): Promise<RequestListener> {
    const { logger, errorBody } = this.options;
    this.mounted = true;
    const handlers = handlerRoutes(this.mounts, routes, observe !== undefined);
    this.native.use(routeDispatcher(routes, handlers, this.options));
    const unrouted = unroutedAnswer(routes, handlers);
    this.native.use((req: Request, res: Response) => {
      const ctx = new ExpressContext(req, res, {});
      writeError(this.writer, ctx, unrouted(req.method, req.originalUrl), logger, errorBody);
    });
    this.native.use((err: unknown, req: Request, res: Response, _next: NextFunction) => {
      writeError(this.writer, new ExpressContext(req, res, {}), err, logger, errorBody);
    });
    const app = this.native;
    this.listener = observe
      ? Object.assign(
          (req: IncomingMessage, res: ServerResponse) => {
            observe(req, res);
            app(req, res);
          },
          { [WRAPPED_EXPRESS_APP]: app },
        )
      : app;
    return this.listener;
  }

  createServer(): Server {
    return createExpressServer(this.native, this.listener);
  }

  async close(): Promise<void> {}
}
