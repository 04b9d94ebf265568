import type * as Integration from '@as-integrations/express5';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { Application } from '../app/application';
import { ExpressContext } from '../engine/express/express-context';
import { jsonBodyParser } from '../engine/express/json-body';
import { requestStateOf } from '../observability/request-state';
import { isRead } from '../openapi/raw-response';
import { loadOptional } from '../optional/load-optional';
import type { ApolloLoader } from './apollo-loader';
import { type GraphiqlIde, IDE_FOLDER } from './ide/serve-graphiql';

/**
 * Serves the Apollo server at `path` on the Express engine: the JSON body is parsed on that path
 * only (malformed 400, too large 413, not JSON 415, as on routes), and each GraphQL request gets a
 * `RequestContext` with its own request scope. Browsers get the IDE there instead, when it is on.
 */
export function mountExpress(app: Application, apollo: ApolloLoader, path: string, ide?: GraphiqlIde): void {
  const parseBody = jsonBodyParser(app.options.bodyLimit ?? '100kb');
  let handler: RequestHandler | undefined;
  // The integration needs Apollo, so it is loaded with it, by the first GraphQL request.
  const execute = async (req: Request, res: Response, next: NextFunction) => {
    if (!handler) {
      const server = await apollo.server();
      const { expressMiddleware }: typeof Integration = loadOptional(
        '@as-integrations/express5',
        'GraphQL on Express',
      );
      handler ??= expressMiddleware(server, {
        context: async ({ req, res }) => new ExpressContext(req, res, {}),
      });
    }
    await handler(req, res, next);
  };
  if (ide)
    app.use(
      `${path === '/' ? '' : path}/${IDE_FOLDER}`,
      (req: Request, res: Response, next: NextFunction) => {
        if (isRead(req)) ide.file(req.path.slice(1), res, next);
        else next();
      },
    );
  app.use(path, (req: Request, res: Response, next: NextFunction) => {
    // Mounted with use(), which also matches what lies under the path: only the path itself is GraphQL.
    if (req.path !== '/') {
      next();
      return;
    }
    const state = requestStateOf(req);
    if (state) state.route = path;
    if (ide?.page(req, res)) return;
    parseBody(req, res, (err) => {
      if (err) next(err);
      else execute(req, res, next).catch(next);
    });
  });
}
