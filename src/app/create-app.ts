import type { ZodType } from 'zod';
import { BUILT_IN_FEATURES } from '../features';
import { checkOption } from '../kernel';
import type { AppOptions } from '../options/app-options';
import { appOptionsSchema } from '../options/app-options-schema';
import { Application } from './application';

// Composed once, from the features' own parts, on the first createApp.
let optionsSchema: ZodType | undefined;

/**
 * Creates a Trellis application, with every built-in feature installed from its own option:
 * WebSocket gateways, server-sent events, uploads, GraphQL and the OpenAPI docs.
 * @example const app = createApp({ controllers: [HelloController] }); await app.listen(3000);
 */
export function createApp(options: AppOptions = {}): Application {
  optionsSchema ??= appOptionsSchema(BUILT_IN_FEATURES);
  checkOption(optionsSchema, options, 'options');
  const app = new Application(options);
  const given = options as Record<string, unknown>;
  for (const feature of BUILT_IN_FEATURES)
    app.install(feature, feature.option === undefined ? undefined : given[feature.option]);
  return app;
}
