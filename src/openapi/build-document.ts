import type { ZodType } from 'zod';
import type { Middleware } from '../engine/engine';
import { lowerCaseMethod, ROUTE_METHODS } from '../http/http-methods';
import type { ClassMetadata } from '../kernel';
import { isRateLimiter } from '../rate-limit';
import { CONTROLLER, type CompiledRoute } from '../routing';
import type { OpenApiDocument, OperationMethod, PathItemObject, TagObject } from './document-types';
import { ErrorResponses } from './error-responses';
import type { OpenApiOptions } from './openapi-options';
import { toOpenApiPath } from './openapi-path';
import { routeOperation } from './route-operation';
import { BEARER_AUTH } from './route-security';
import { SchemaComponents } from './schema-components';

/** `All()` routes answer every verb: each one is documented. */
const EVERY_METHOD: OperationMethod[] = ROUTE_METHODS.map(lowerCaseMethod);

function methodsOf(route: CompiledRoute): OperationMethod[] {
  return route.method === 'ALL' ? EVERY_METHOD : [lowerCaseMethod(route.method)];
}

/** A controller's tag: its class name without `Controller` (`UsersController` -> `Users`). */
function tagOf(controller: ClassMetadata): TagObject {
  const name =
    controller.target.name.replace(/Controller$/, '') ||
    controller.get(CONTROLLER)?.path.replace(/^\/+/, '') ||
    'default';
  return { name, description: controller.description ?? controller.summary ?? `The ${name} routes` };
}

/** Middleware given to `app.use`, with the path it covers (none: every path). */
export interface MountedMiddleware {
  path?: string;
  handlers: readonly Middleware[];
}

/** The paths `rateLimit()` middleware covers; `'/'` stands for every path. */
function rateLimitedPrefixes(mounted: readonly MountedMiddleware[]): string[] {
  return mounted
    .filter((mount) => mount.handlers.some(isRateLimiter))
    .map((mount) => (mount.path ?? '/').replace(/\/+$/, '') || '/');
}

// Mounted middleware covers its path and what lies below it, segment by segment (as `app.use`).
function isCovered(path: string, prefixes: readonly string[]): boolean {
  return prefixes.some((prefix) => prefix === '/' || path === prefix || path.startsWith(`${prefix}/`));
}

function uniqueIn(taken: Set<string>, base: string): string {
  let id = base;
  for (let n = 2; taken.has(id); n++) id = `${base}${n}`;
  taken.add(id);
  return id;
}

/**
 * Builds the OpenAPI 3.1 document of compiled routes (what `GET /openapi.json` serves).
 * @example
 * await app.ready();
 * const doc = buildOpenApiDocument(app.routes, { title: 'Shop', version: '2.0.0' });
 */
export function buildOpenApiDocument(
  routes: readonly CompiledRoute[],
  options: OpenApiOptions,
  mounted: readonly MountedMiddleware[] = [],
  errorBodySchema?: ZodType,
): OpenApiDocument {
  const components = new SchemaComponents();
  const errors = new ErrorResponses(components, errorBodySchema);
  const limited = rateLimitedPrefixes(mounted);
  const tags = new Map<string, TagObject>();
  const paths: Record<string, PathItemObject> = {};
  const operationIds = new Set<string>();
  let guarded = false;
  for (const route of routes) {
    const tag = tagOf(route.controller);
    if (!tags.has(tag.name) || (route.controller.description ?? route.controller.summary))
      tags.set(tag.name, tag);
    const { path, params } = toOpenApiPath(route.path);
    paths[path] ??= {};
    const item = paths[path];
    for (const method of methodsOf(route)) {
      const suffix = route.method === 'ALL' ? `_${method}` : '';
      const operationId = uniqueIn(operationIds, `${tag.name}_${route.handler.name}${suffix}`);
      const operation = routeOperation(route, {
        operationId,
        tag: tag.name,
        pathParams: params,
        rateLimited: isCovered(route.path, limited),
        components,
        errors,
      });
      item[method] = operation;
      guarded ||= (operation.security?.length ?? 0) > 0;
    }
  }
  const info = {
    title: options.title,
    version: options.version,
    ...(options.description && { description: options.description }),
    ...(options.contact && { contact: options.contact }),
    ...(options.license && { license: options.license }),
  };
  const document: OpenApiDocument = {
    openapi: '3.1.0',
    info,
    servers: options.servers ?? [{ url: '/' }],
    tags: [...tags.values()],
    paths,
    components: { schemas: components.schemas, responses: errors.responses },
  };
  if (guarded)
    document.components.securitySchemes = {
      [BEARER_AUTH]: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
    };
  return document;
}
