import type { Logger } from 'pino';
import { isThenable } from '../../container/is-thenable';
import { sendStreamable } from '../downloads/send-streamable';
import { StreamableFile } from '../downloads/streamable-file';
import type { ErrorBodies } from '../error-body/error-bodies';
import type { RequestContext } from '../http/request-context';
import type { ResponseWriter } from '../http/response-writer';
import {
  type ClassMetadata,
  compileInvocation,
  composeSteps,
  type GuardSite,
  HTTP_STATUS,
  type InvocationEnv,
  locatedError,
  type MethodMetadata,
  nestArounds,
} from '../kernel';
import { compileSerializer, type Serializer } from '../serialization/compile-serializer';
import { withAnswerListeners } from './answer-listeners';
import type { CompiledRoute } from './compiled-route';
import { composeResponses, composeSend } from './compose-route-steps';
import { checkContractErrorBodies } from './contract-error-bodies';
import { declaredErrors } from './declared-errors';
import { describeRoutePhases } from './describe-route-phases';
import { withEtags } from './etag-writer';
import { HTTP_READERS } from './http-readers';
import { compileRouteInterceptors } from './route-interceptor';
import { CONTROLLER, ERROR_BODY, HTTP_ROUTE, RETURNS, SUCCESS_STATUS, THROWS } from './route-metadata';
import { joinPaths, toRouterPath } from './route-path';
import { type RoutePipeline, routeHookSteps } from './route-pipeline';
import { routingError } from './routing-errors';
import { writeError, writeResult } from './write-response';

/** What compiling a route needs from the application. */
export interface RouteCompilerEnv extends InvocationEnv {
  writer: ResponseWriter;
  logger: Logger;
  /** The `etag` option: routes that answer GET (and so HEAD) write through `withEtags`. */
  etags?: boolean;
  /** The hooks features add to routes, phase by phase (server-sent events, uploads, jobs). */
  pipeline?: RoutePipeline;
  /** The application's error bodies; absent: every error answer has the reference body. */
  errorBodies?: ErrorBodies;
  /** The app's `prefix` option: put in front of every route of a controller that did not opt out. */
  prefix?: string;
}

const { CREATED, OK } = HTTP_STATUS;

// The app's prefix, then the controller's (which holds `/v<version>` under URI versioning), then the method's.
function routePath(controller: ClassMetadata, path: string, prefix: string | undefined): string {
  const own = controller.get(CONTROLLER);
  return joinPaths(own?.unprefixed ? '' : prefix, joinPaths(own?.path, path));
}

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
      throw routingError('TRELLIS_ERR_UNKNOWN_PATH_PARAM', where, param.name, path);
  }
}

function successStatus(handler: MethodMetadata, method: string, where: string): number {
  const declared = handler.get(RETURNS)?.status;
  const chosen = handler.get(SUCCESS_STATUS);
  if (declared !== undefined && chosen !== undefined)
    throw routingError('TRELLIS_ERR_SUCCESS_STATUS_TWICE', where);
  return declared ?? chosen ?? (method === 'POST' ? CREATED : OK);
}

// Compiled once here; a schema fast-json-stringify cannot read fails ready() naming the route.
function serializerOf(handler: MethodMetadata, where: string): Serializer {
  const returns = handler.get(RETURNS);
  if (!returns) return JSON.stringify;
  try {
    return compileSerializer(returns.schema);
  } catch (err) {
    const error = routingError('TRELLIS_ERR_RETURNS_SCHEMA', where, (err as Error).message);
    error.cause = err;
    throw error;
  }
}

/**
 * Compiles one controller method into the function that serves it, phase by phase (see
 * `PHASES`): onRequest -> guard -> parse -> preHandler -> handler -> onSend -> onResponse.
 */
export function compileRoute(
  controller: ClassMetadata,
  handler: MethodMetadata,
  env: RouteCompilerEnv,
): CompiledRoute {
  const http = handler.get(HTTP_ROUTE)!;
  const where = `${controller.target.name}.${handler.name}`;
  const path = routePath(controller, http.path, env.prefix);
  const hooks = routeHookSteps(env.pipeline, handler, where, env.container, path);
  const { steps } = hooks;
  const site: GuardSite = {
    className: controller.target.name,
    methodName: handler.name,
    transport: 'http',
    longLived: hooks.longLived,
    container: env.container,
  };
  checkPath(handler, path, where);
  const defaultStatus = successStatus(handler, http.method, where);
  const serialize = serializerOf(handler, where);
  const errors = declaredErrors(handler.get(THROWS), where);
  const declaredGuards = [...controller.guards, ...handler.guards];
  // Chosen here, once: the request path only calls it.
  const errorBody = env.errorBodies?.forRoute(handler.get(ERROR_BODY) ?? controller.get(ERROR_BODY), path);
  if (errorBody?.options) checkContractErrorBodies(handler, where);

  const { logger } = env;
  // Chosen here, once: a POST or DELETE route never pays for the method check, let alone a hash.
  const answersGet = http.method === 'GET' || http.method === 'ALL';
  const listened = Boolean(handler.interceptors?.length);
  const etagged = Boolean(env.etags && answersGet);
  const base = listened ? withAnswerListeners(env.writer) : env.writer;
  const writer = etagged ? withEtags(base) : base;
  // An onSend hook writes the answer itself (an event stream): there is none to keep.
  const streamed = steps.onSend.length > 0;
  // What writeResult would write, for an interceptor that keeps the answer before it is sent.
  const render = (ctx: RequestContext, result: unknown) => {
    if (streamed || result instanceof StreamableFile || writer.sent(ctx)) return undefined;
    const status = writer.chosenStatus(ctx);
    return result === undefined
      ? { status: status ?? HTTP_STATUS.NO_CONTENT, headers: ctx.responseHeaders }
      : { status: status ?? defaultStatus, body: serialize(result), headers: ctx.responseHeaders };
  };
  // The hooks' preHandler steps first (admission caps), then the route's declared interceptors.
  const intercept = [
    ...steps.preHandler,
    ...compileRouteInterceptors(handler, env.interceptors, { ...site, writer, render, logger: env.logger }),
  ];
  const invoke = compileInvocation(
    {
      owner: controller,
      method: handler,
      guards: declaredGuards,
      readers: hooks.readers ? { ...HTTP_READERS, ...hooks.readers } : HTTP_READERS,
      site,
      // The guard hooks join the declared guards' loop; the parse phase comes after them.
      checks: steps.guard,
      prepare: composeSteps(steps.parse),
      intercept,
    },
    env,
  );
  const onDisposeError = (err: unknown) => logger.error({ err }, 'request scope disposal failed');

  const release = composeResponses(steps.onResponse);
  const disposeScope = (ctx: RequestContext): void => {
    if (ctx.scope) void ctx.scope.dispose(onDisposeError);
  };
  const dispose = release
    ? (ctx: RequestContext, failed: boolean): void => {
        release(ctx, failed);
        disposeScope(ctx);
      }
    : disposeScope;
  const writeJson = (ctx: RequestContext, result: unknown): void => {
    if (!(result instanceof StreamableFile)) {
      writeResult(writer, ctx, result, defaultStatus, serialize);
      return;
    }
    sendStreamable(writer, ctx, result, defaultStatus).catch((err) =>
      writeError(writer, ctx, err, logger, errorBody),
    );
  };
  const write = steps.onSend.length === 0 ? writeJson : composeSend(steps.onSend, writer, writeJson);
  const fail = (ctx: RequestContext, err: unknown): void => {
    try {
      writeError(writer, ctx, err, logger, errorBody);
    } finally {
      dispose(ctx, true);
    }
  };
  const succeed = (ctx: RequestContext, result: unknown): void => {
    let failed = false;
    try {
      write(ctx, result);
    } catch (err) {
      failed = true;
      writeError(writer, ctx, err, logger, errorBody);
    } finally {
      dispose(ctx, failed);
    }
  };

  // A call whose steps all answer at once is answered here, in one go, without awaiting.
  const serve = (ctx: RequestContext): void | Promise<void> => {
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
  };
  // Chosen here, once: a route no feature wraps calls serve itself.
  const handle = nestArounds(steps.onRequest, serve);

  return {
    method: http.method,
    path,
    readsBody: handler.params.some((param) => param.kind === 'body'),
    status: defaultStatus,
    errors,
    controller,
    handler,
    guards: declaredGuards,
    errorBody,
    hooks: describeRoutePhases(hooks.names, {
      handler,
      where,
      guards: declaredGuards,
      guardRegistry: env.guards,
      interceptors: env.interceptors,
      writers: [...(etagged ? ['etag'] : []), ...(listened ? ['answer listeners'] : []), 'json writer'],
    }),
    handle,
  };
}
