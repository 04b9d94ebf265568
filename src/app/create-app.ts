import { graphqlModule } from '../graphql/graphql-module';
import { checkOption } from '../kernel/options/check-option';
import { openapiModule } from '../openapi/openapi-module';
import { APP_OPTIONS_SCHEMA } from '../options/app-options-schema';
import { sseModule } from '../sse/sse-module';
import { uploadModule } from '../uploads/upload-module';
import { websocketModule } from '../websocket/websocket-module';
import type { AppOptions } from './app-options';
import { Application } from './application';

/**
 * Creates a Trellis application, with the built-in modules installed from its options:
 * WebSocket gateways, server-sent events, uploads, GraphQL and the OpenAPI docs.
 * @example const app = createApp({ controllers: [HelloController] }); await app.listen(3000);
 */
export function createApp(options: AppOptions = {}): Application {
  checkOption(APP_OPTIONS_SCHEMA, options, 'options');
  return new Application(options)
    .install(websocketModule, options.websocket)
    .install(sseModule, options.sse)
    .install(uploadModule, undefined)
    .install(graphqlModule, options.graphql)
    .install(openapiModule, options.openapi);
}
