import type { Logger } from 'pino';
import { isThenable } from '../../container/is-thenable';
import { HTTP_STATUS } from '../errors/catalog';
import { locatedError, trellisError } from '../errors/trellis-errors';
import type { GuardSite } from '../guards/guard-registry';
import { withAnswerListeners } from '../interceptors/answer-listeners';
import { compileRouteInterceptors } from '../interceptors/compile-interceptors';
import { compileInvocation, type InvocationEnv } from '../invocation/compile-invocation';
import type { ClassMetadata, MethodMetadata } from '../metadata/types';
import { compileSerializer, type Serializer } from '../serialization/compile-serializer';
import type { CompiledRoute } from './compiled-route';
import { declaredErrors } from './declared-errors';
import { withEtags } from './etag-writer';
import { HTTP_READERS } from './http-readers';
import type { RequestContext } from './request-context';
import type { ResponseWriter } from './response-writer';
import { joinPaths, toRouterPath } from './route-path';
import { writeError, writeResult } from './write-response';

/** What compiling a route needs from the application. */
export interface RouteCompilerEnv extends InvocationEnv {
  writer: ResponseWriter;
  logger: Logger;
  /** The `etag` option: routes that answer GET (and so HEAD) write through `withEtags`. */
  etags?: boolean;
}

const { CREATED, OK } = HTTP_STATUS;

// Path mistakes fail ready() naming the method, instead of a misspelt Param('name') reading
// undefined on every request.
function checkPath(handler: MethodMetadata, path: string, where: string): void {
  try {
    toRouterPath(path);
  } catch (err) {
    throw locatedError(err, where);
  }
  const names = new Set([...path.matchAll(/[:*](\w*)/g)].map((match) => match[1] || '*'));
  for (const param of handler.params) {
    if (param.kind === 'param' && param.name !== undefined && !names.has(param.name))
      throw trellisError('TRELLIS_ERR_UNKNOWN_PATH_PARAM', where, param.name, path);
  }
}

function successStatus(handler: MethodMetadata, method: string, where: string): number {
  const declared = handler.returns?.status;
  if (declared !== undefined && handler.status !== undefined)
    throw trellisError('TRELLIS_ERR_SUCCESS_STATUS_TWICE', where);
  return declared ?? handler.status ?? (method === 'POST' ? CREATED : OK);
}

// Compiled once here; a schema fast-json-stringify cannot read fails ready() naming the route.
function serializerOf(handler: MethodMetadata, where: string): Serializer {
  if (!handler.returns) return JSON.stringify;
  try {
    return compileSerializer(handler.returns.schema);
  } catch (err) {
    const error = trellisError('TRELLIS_ERR_RETURNS_SCHEMA', where, (err as Error).message);
    error.cause = err;
    throw error;
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
  const where = `${site.className}.${site.methodName}`;
  checkPath(handler, path, where);
  const defaultStatus = successStatus(handler, http.method, where);
  const serialize = serializerOf(handler, where);
  const errors = declaredErrors(handler.throws, where);
  const declaredGuards = [...controller.guards, ...handler.guards];
  const { logger } = env;
  // Chosen here, once: a POST or DELETE route never pays for the method check, let alone a hash.
  const answersGet = http.method === 'GET' || http.method === 'ALL';
  const base = handler.interceptors?.length ? withAnswerListeners(env.writer) : env.writer;
  const writer = env.etags && answersGet ? withEtags(base) : base;
  const intercept = compileRouteInterceptors(handler, env.interceptors, { ...site, writer });
  const invoke = compileInvocation(
    { owner: controller, method: handler, guards: declaredGuards, readers: HTTP_READERS, site, intercept },
    env,
  );
  const onDisposeError = (err: unknown) => logger.error({ err }, 'request scope disposal failed');

  const dispose = (ctx: RequestContext): void => {
    if (ctx.scope) void ctx.scope.dispose(onDisposeError);
  };
  const fail = (ctx: RequestContext, err: unknown): void => {
    try {
      writeError(writer, ctx, err, logger);
    } finally {
      dispose(ctx);
    }
  };
  const succeed = (ctx: RequestContext, result: unknown): void => {
    try {
      writeResult(writer, ctx, result, defaultStatus, serialize);
    } catch (err) {
      writeError(writer, ctx, err, logger);
    } finally {
      dispose(ctx);
    }
  };

  return {
    method: http.method,
    path,
    readsBody: handler.params.some((param) => param.kind === 'body'),
    status: defaultStatus,
    errors,
    controller,
    handler,
    guards: declaredGuards,
    // A call whose steps all answer at once is answered here, in one go, without awaiting.
    handle(ctx: RequestContext) {
      let result: unknown;
      try {
        result = invoke(ctx);
      } catch (err) {
        return fail(ctx, err);
      }
      if (!isThenable(result)) return succeed(ctx, result);
      return Promise.resolve(result).then(
        (value) => succeed(ctx, value),
        (err) => fail(ctx, err),
      );
    },
  };
}
