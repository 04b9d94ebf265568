import { graphqlFeature } from '../graphql/feature';
import { openapiFeature } from '../openapi/feature';
import { APP_OPTIONS_SCHEMA } from '../options/app-options-schema';
import { checkOption } from '../options/check-option';
import { websocketFeature } from '../websocket/feature';
import type { AppOptions } from './app-options';
import { Application } from './application';

/**
 * Creates a Trellis application.
 * @example const app = createApp({ controllers: [HelloController] }); await app.listen(3000);
 */
export function createApp(options: AppOptions = {}): Application {
  checkOption(APP_OPTIONS_SCHEMA, options, 'options');
  const app = new Application(options);
  websocketFeature(app);
  graphqlFeature(app);
  openapiFeature(app);
  return app;
}
