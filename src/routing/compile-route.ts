import type { Container } from 'inversify';
import type { Logger } from 'pino';
import { planResolution } from '../../container/resolution-plan';
import { HTTP_STATUS } from '../errors/catalog';
import { compileGuards } from '../guards/compile-guards';
import type { GuardRegistry, GuardSite } from '../guards/guard-registry';
import { runGuards } from '../guards/run-guards';
import type { ClassMetadata, MethodMetadata } from '../metadata/types';
import { compileArguments } from './compile-arguments';
import type { CompiledRoute } from './compiled-route';
import { HTTP_READERS } from './http-readers';
import type { RequestContext } from './request-context';
import type { ResponseWriter } from './response-writer';
import { joinPaths, toRouterPath } from './route-path';
import { writeError, writeResult } from './write-response';

/** What compiling a route needs from the application. */
export interface RouteCompilerEnv {
  container: Container;
  guards: GuardRegistry;
  writer: ResponseWriter;
  logger: Logger;
}

const { CREATED, OK } = HTTP_STATUS;

// Path mistakes fail ready() naming the method, instead of a misspelt Param('name') reading
// undefined on every request.
function checkPath(handler: MethodMetadata, path: string, where: string): void {
  try {
    toRouterPath(path);
  } catch (err) {
    throw new Error(`${where}: ${(err as Error).message}`);
  }
  const names = new Set([...path.matchAll(/[:*](\w*)/g)].map((match) => match[1] || '*'));
  for (const param of handler.params) {
    if (param.kind === 'param' && param.name !== undefined && !names.has(param.name))
      throw new Error(`${where}: Param('${param.name}') is not a parameter of the path '${path}'`);
  }
}

/**
 * Compiles one controller method into the function that serves it:
 * guards -> extraction and validation -> container resolution -> handler -> response.
 */
export function compileRoute(
  controller: ClassMetadata,
  handler: MethodMetadata,
  env: RouteCompilerEnv,
): CompiledRoute {
  const http = handler.http!;
  const site: GuardSite = {
    className: controller.target.name,
    methodName: handler.name,
    transport: 'http',
    container: env.container,
  };
  const path = joinPaths(controller.path, http.path);
  checkPath(handler, path, `${site.className}.${site.methodName}`);
  const declaredGuards = [...controller.guards, ...handler.guards];
  const checks = compileGuards(declaredGuards, env.guards, site);
  const buildArguments = compileArguments(handler.params, HTTP_READERS, site, env.container);
  const resolveController = planResolution(env.container, controller.target);
  const method = controller.target.prototype[handler.name] as (...args: unknown[]) => unknown;
  const defaultStatus = handler.status ?? (http.method === 'POST' ? CREATED : OK);
  const { writer, logger } = env;
  const onDisposeError = (err: unknown) => logger.error({ err }, 'request scope disposal failed');

  return {
    method: http.method,
    path,
    readsBody: handler.params.some((param) => param.kind === 'body'),
    status: defaultStatus,
    controller,
    handler,
    guards: declaredGuards,
    async handle(ctx: RequestContext) {
      try {
        if (checks.length > 0) await runGuards(checks, ctx);
        const built = buildArguments(ctx);
        const args = Array.isArray(built) ? built : await built;
        const result = await method.apply(resolveController(ctx), args);
        writeResult(writer, ctx, result, defaultStatus);
      } catch (err) {
        writeError(writer, ctx, err, logger);
      } finally {
        if (ctx.scope) void ctx.scope.dispose(onDisposeError);
      }
    },
  };
}
