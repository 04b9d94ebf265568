import type { NextFunction, Request, Response } from 'express';
import FindMyWay, { type HTTPMethod } from 'find-my-way';
import { HTTP_METHODS } from '../../http/http-methods';
import { type CompiledRoute, nodeResponseWriter, toRouterPath, writeError } from '../../routing';
import type { EngineOptions, NodeHandler } from '../engine';
import type { HandlerRoute } from '../handler-routes';
import { ExpressContext } from './express-context';
import { jsonBodyParser } from './json-body';

interface RouteEntry {
  route: CompiledRoute;
  wildcard?: string;
  mounted?: undefined;
}

interface MountedEntry {
  mounted: NodeHandler;
}

type Entry = RouteEntry | MountedEntry;

const ALL_METHODS: HTTPMethod[] = [...HTTP_METHODS];

/**
 * One Express middleware that routes every compiled route and mounted handler through a radix
 * tree, instead of one Express layer per route scanned in order. Unmatched requests fall through
 * to `next()`.
 */
export function routeDispatcher(
  routes: readonly CompiledRoute[],
  handlers: readonly HandlerRoute[],
  options: EngineOptions,
) {
  const router = FindMyWay({ ignoreTrailingSlash: true, caseSensitive: true, maxParamLength: 500 });
  for (const route of routes) {
    const { path, wildcard } = toRouterPath(route.path);
    const methods: HTTPMethod[] = route.method === 'ALL' ? ALL_METHODS : [route.method];
    if (route.method === 'GET') methods.push('HEAD');
    router.on(methods, path, () => {}, { route, wildcard } satisfies RouteEntry);
  }
  for (const { methods, path, handler } of handlers)
    router.on(methods, path, () => {}, { mounted: handler } satisfies MountedEntry);
  const parseBody = jsonBodyParser(options.bodyLimit);

  return function dispatch(req: Request, res: Response, next: NextFunction): void {
    const found = router.find(req.method as HTTPMethod, req.url);
    if (!found) {
      next();
      return;
    }
    const entry = found.store as Entry;
    const params = found.params as Record<string, string>;
    if (entry.mounted) {
      entry.mounted(req, res, next, new ExpressContext(req, res, params));
      return;
    }
    const { route, wildcard } = entry;
    if (wildcard && wildcard !== '*') params[wildcard] = params['*'];
    if (!route.readsBody) {
      void route.handle(new ExpressContext(req, res, params));
      return;
    }
    parseBody(req, res, (err) => {
      const ctx = new ExpressContext(req, res, params);
      if (!err) void route.handle(ctx);
      else {
        ctx.answerHeaders = route.answerHeaders;
        writeError(nodeResponseWriter, ctx, err, options.logger, route.errorBody);
      }
    });
  };
}
