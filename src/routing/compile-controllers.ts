import {
  type Class,
  type ClassMetadata,
  derivedMetadata,
  type MethodMetadata,
  metadataRegistry,
  trellisError,
} from '../kernel';
import { deprecationHeaders } from '../versioning/deprecation-headers';
import { VERSION_NEUTRAL, type VersioningOptions } from '../versioning/versioning-options';
import { applyContract } from './apply-contract';
import { compileRoute, type RouteCompilerEnv } from './compile-route';
import type { CompiledRoute } from './compiled-route';
import { CONTROLLER_ROLE } from './controller-role';
import { API_VERSION, CONTRACT_ROUTE, CONTROLLER, DEPRECATED, HTTP_ROUTE } from './route-metadata';
import { joinPaths, routeShape } from './route-path';
import { routingError } from './routing-errors';
import { dispatchByVersion } from './versioned-routes';

/** What compiling the controllers needs besides a route's environment. */
export interface ControllersEnv extends RouteCompilerEnv {
  versioning?: VersioningOptions;
  /** When the application started: the `Deprecation` date of routes that name none. */
  startedAt?: Date;
}

function checkUnique(routes: CompiledRoute[]): void {
  const seen = new Map<string, CompiledRoute>();
  for (const route of routes) {
    const shape = `${routeShape(route.path)}${route.version === undefined ? '' : ` v${route.version}`}`;
    const clashes = [`${route.method} ${shape}`, `ALL ${shape}`];
    if (route.method === 'ALL')
      for (const other of seen.values())
        if (routeShape(other.path) === routeShape(route.path) && other.version === route.version)
          clashes.push(`${other.method} ${shape}`);
    for (const key of clashes) {
      const first = seen.get(key);
      if (first) {
        throw routingError(
          'TRELLIS_ERR_DUPLICATE_ROUTE',
          route.method,
          route.path,
          `${route.controller.target.name}.${route.handler.name}`,
          `${first.controller.target.name}.${first.handler.name}`,
        );
      }
    }
    seen.set(`${route.method} ${shape}`, route);
  }
}

// The versions a route answers: its own, else its controller's, else its contract route's;
// undefined for a route served whatever the version (neutral, or no versioning).
function versionsOf(meta: ClassMetadata, method: MethodMetadata, env: ControllersEnv): string[] | undefined {
  if (!env.versioning) return undefined;
  const version = method.get(API_VERSION) ?? meta.get(API_VERSION) ?? method.get(CONTRACT_ROUTE)?.version;
  if (version === undefined || version === VERSION_NEUTRAL) return undefined;
  return typeof version === 'string' ? [version] : [...(version as readonly string[])];
}

function deprecated(
  route: CompiledRoute,
  headers: Record<string, string>,
  deprecation: CompiledRoute['deprecation'],
): CompiledRoute {
  return {
    ...route,
    deprecation,
    answerHeaders: headers,
    handle(ctx) {
      ctx.answerHeaders = headers;
      ctx.responseHeaders = { ...headers, ...ctx.responseHeaders };
      return route.handle(ctx);
    },
  };
}

// The controller as URI versioning serves it: its prefix under `/v<version>`.
function versioned(meta: ClassMetadata, version: string): ClassMetadata {
  const copy = derivedMetadata(meta);
  const own = meta.get(CONTROLLER);
  copy.set(CONTROLLER, { ...own, path: joinPaths(`/v${version}`, own?.path) });
  return copy;
}

function compileMethod(meta: ClassMetadata, method: MethodMetadata, env: ControllersEnv): CompiledRoute[] {
  const where = `${meta.target.name}.${method.name}`;
  const prefix = meta.get(CONTROLLER)?.path;
  const handler = applyContract(method, prefix, where);
  const versions = versionsOf(meta, method, env);
  const compiled = versions
    ? versions.map((version) =>
        env.versioning?.type === 'uri'
          ? {
              ...compileRoute(versioned(meta, version), handler, env),
              version,
            }
          : { ...compileRoute(meta, handler, env), version },
      )
    : [compileRoute(meta, handler, env)];
  const deprecation = method.get(DEPRECATED) ?? meta.get(DEPRECATED);
  if (!deprecation) return compiled;
  const since = deprecation.since ?? env.startedAt ?? new Date();
  const headers = deprecationHeaders(deprecation, since);
  return compiled.map((route) => deprecated(route, headers, { ...deprecation, since }));
}

/** Compiles every route of the given controllers, refusing two routes with one method, path and version. */
export function compileControllers(controllers: Iterable<Class>, env: ControllersEnv): CompiledRoute[] {
  const routes: CompiledRoute[] = [];
  for (const target of controllers) {
    const meta = metadataRegistry.find(target);
    if (meta?.role !== CONTROLLER_ROLE.name)
      throw trellisError('TRELLIS_ERR_NOT_DECORATED', target.name, CONTROLLER_ROLE.decorator);
    for (const method of meta.methods.values())
      if (method.get(HTTP_ROUTE) || method.get(CONTRACT_ROUTE))
        routes.push(...compileMethod(meta, method, env));
  }
  checkUnique(routes);
  const { versioning } = env;
  if (!versioning || versioning.type === 'uri') return routes;
  return dispatchByVersion(routes, versioning, env.writer, env.logger);
}
