import type { ModuleHost } from '../kernel';
import { compileCatalog } from './compile-catalog';
import type { McpCatalog } from './mcp-catalog';
import { mcpEndpoint } from './mcp-endpoint';
import type { McpOptions } from './mcp-options';
import { MCP_FEATURE, MCP_SDK_PACKAGE } from './mcp-sdk';
import { PROTECTED_RESOURCE_PATH, protectedResourceHandler } from './protected-resource';
import { originCheck } from './request-origin';
import { RouteDispatcher } from './route-dispatch';

/** Where MCP is served by default. */
export const DEFAULT_MCP_PATH = '/mcp';

/**
 * Serves MCP for `app`: its providers are registered now; at `ready()`, once the routes are
 * compiled, the tools, resources and prompts are compiled and the endpoint is mounted (with the
 * protected-resource metadata when a module authenticates callers). The SDK's server is loaded by
 * the first MCP request.
 */
export function serveMcp(app: ModuleHost, options: McpOptions): void {
  const path = options.path ?? DEFAULT_MCP_PATH;
  const providers = options.providers ?? [];
  if (providers.length > 0) app.register(...providers);
  const dispatcher = new RouteDispatcher((request) => app.inject(request));
  let catalog: McpCatalog | undefined;
  app.inspection.contribute('mcp', () => catalog?.describe() ?? []);
  app.onCompiled((routes) => {
    if (!app.optionalPackages.need(MCP_SDK_PACKAGE, MCP_FEATURE)) return;
    const { container, guards, interceptors, logger } = app;
    catalog = compileCatalog(routes, app.classesOf('controller'), providers, {
      container,
      guards,
      interceptors,
      logger,
      tracing: app.tracing?.steps ? app.tracing : undefined,
      errorBody: app.errorBodies.app,
      dispatcher,
    });
    const openapi = app.options.openapi || undefined;
    const name = options.name ?? openapi?.title ?? 'trellis';
    const authenticator = guards.authenticator();
    app.engine.mountHandler({
      name: 'MCP',
      methods: ['POST'],
      paths: [path],
      handler: mcpEndpoint({
        info: {
          name,
          version: options.version ?? openapi?.version ?? '1.0.0',
          instructions: options.instructions,
        },
        catalog,
        path,
        bodyLimit: app.options.bodyLimit ?? '100kb',
        checkOrigin: originCheck(options.allowedOrigins ?? [], options.allowedHosts ?? []),
        authenticate: authenticator?.compile([], {
          className: 'MCP',
          methodName: path,
          transport: 'mcp',
          container,
        }),
      }),
    });
    if (authenticator)
      app.engine.mountHandler({
        name: 'the MCP protected-resource metadata',
        methods: ['GET'],
        paths: [PROTECTED_RESOURCE_PATH, `${PROTECTED_RESOURCE_PATH}${path === '/' ? '' : path}`],
        handler: protectedResourceHandler(path, name, options.authorizationServers ?? []),
      });
  });
  // The idle in-process connections end at once, so that the server's drain does not wait on them.
  app.onShutdown(() => dispatcher.close());
  app.onClose(() => dispatcher.close());
}
