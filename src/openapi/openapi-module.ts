import type { Middleware, NodeHandler } from '../engine/engine';
import type { ModuleHost, TrellisFeature } from '../kernel';
import { offNotice } from '../optional';
import type { CompiledRoute } from '../routing';
import { pagePolicy } from '../security';
import { buildOpenApiDocument } from './build-document';
import { offPage } from './off-page';
import { openapiError } from './openapi-errors';
import type { OpenApiOptions } from './openapi-options';
import { OPENAPI_OPTIONS_SCHEMA } from './openapi-options-schema';
import { boundSecuritySchemes, withSecuritySchemes } from './security-schemes';
import { serveDocument } from './serve-document';
import { serveSwaggerUi } from './serve-swagger-ui';

/** What an app documents when `createApp` gets no `openapi` option: the docs are on by default. */
export const DEFAULT_OPENAPI: Readonly<OpenApiOptions> = { title: 'Trellis API', version: '1.0.0' };
/** Where the document is served. */
export const OPENAPI_PATH = '/openapi.json';
/** Where Swagger UI is served. */
export const DOCS_PATH = '/docs';

const SWAGGER_UI_PACKAGE = 'swagger-ui-dist';

function isShadowed(route: CompiledRoute): boolean {
  const { method, path } = route;
  if (method !== 'GET' && method !== 'ALL') return false;
  return path === OPENAPI_PATH || path === DOCS_PATH || path.startsWith(`${DOCS_PATH}/`);
}

// A route where the docs are served would never be reached.
function refuseShadowedRoutes(routes: readonly CompiledRoute[]): void {
  const route = routes.find(isShadowed);
  if (route)
    throw openapiError(
      'TRELLIS_ERR_DOCS_ROUTE_TAKEN',
      `${route.controller.target.name}.${route.handler.name}`,
      route.method,
      route.path,
    );
}

// The docs middleware in order: what none of them serves gets the 404 answer.
function chain(middleware: readonly Middleware[]): NodeHandler {
  return (req, res, next) => {
    let index = 0;
    const step = (err?: unknown) => {
      if (err || index === middleware.length) next(err);
      else middleware[index++](req, res, step);
    };
    step();
  };
}

function install(app: ModuleHost, setting: OpenApiOptions | false | undefined): void {
  if (setting === false) return;
  const options = setting ?? DEFAULT_OPENAPI;
  app.onCompiled((routes) => {
    refuseShadowedRoutes(routes);
    const errorSchema = app.errorBodies.options?.schema;
    // How guarded routes take credentials is the authenticating module's to say (auth's `scheme`).
    const schemes = boundSecuritySchemes(app.container);
    const build: typeof buildOpenApiDocument = (...args) =>
      withSecuritySchemes(buildOpenApiDocument(...args), schemes);
    const document = build(routes, options, app.middleware, errorSchema);
    const docs = serveDocument(OPENAPI_PATH, document);
    // With API versions, each has its own document too: /openapi/v2.json holds v2 and neutral routes.
    const flat = routes.flatMap((route) => route.variants ?? [route]);
    const versions = [
      ...new Set(flat.flatMap((route) => (route.version === undefined ? [] : [route.version]))),
    ];
    const versionPaths = versions.map((version) => `/openapi/v${version}.json`);
    const versionDocs = versions.map((version, index) =>
      serveDocument(
        versionPaths[index],
        build(
          flat.filter((route) => route.version === undefined || route.version === version),
          { ...options, version },
          app.middleware,
          errorSchema,
        ),
      ),
    );
    const documents = [docs, ...versionDocs];
    if (
      options.ui === true &&
      !app.optionalPackages.need(SWAGGER_UI_PACKAGE, 'Swagger UI (openapi.ui: true)')
    )
      return;
    const notice =
      options.ui === undefined
        ? offNotice(`Swagger UI at ${DOCS_PATH}`, [SWAGGER_UI_PACKAGE], app.logger)
        : undefined;
    const withUi = options.ui ?? notice === undefined;
    const policy = pagePolicy(app.options.securityHeaders);
    const served = withUi
      ? [...documents, serveSwaggerUi(DOCS_PATH, OPENAPI_PATH, options.title, policy)]
      : [...documents, ...(notice ? [offPage(DOCS_PATH, notice)] : [])];
    const docsPaths = withUi || notice ? [DOCS_PATH, `${DOCS_PATH}/*file`] : [];
    const paths = [OPENAPI_PATH, ...versionPaths, ...docsPaths];
    app.engine.mountHandler({ name: 'the OpenAPI docs', methods: ['GET'], paths, handler: chain(served) });
  });
}

/**
 * Serves `GET /openapi.json` (the OpenAPI 3.1 document, built once at `ready()` from the compiled
 * routes) and `GET /docs` (Swagger UI), unless the option is `false`. Installed by `createApp`
 * with its `openapi` option.
 */
export const openapiModule: TrellisFeature<OpenApiOptions | false | undefined> = {
  name: 'openapi',
  option: 'openapi',
  schema: OPENAPI_OPTIONS_SCHEMA,
  install,
};
