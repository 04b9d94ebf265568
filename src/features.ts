import { devtoolsModule } from './devtools/devtools-module';
import { graphqlModule } from './graphql';
import { httpModule } from './http/http-feature';
import { jobsFeature } from './jobs';
import type { TrellisFeature } from './kernel';
import { openapiModule } from './openapi';
import { sseModule } from './sse/sse-module';
import { uploadModule } from './uploads';
import { websocketModule } from './websocket';

/**
 * The built-in features `createApp` installs, each with its own option, in this order (HTTP first,
 * since the others ride it; GraphQL subscriptions share the gateways' broadcaster; the docs read
 * the routes every other feature shaped; the devtools page describes them all). A new transport
 * is a folder with its feature, added here.
 */
export const BUILT_IN_FEATURES: readonly TrellisFeature<any>[] = [
  httpModule,
  websocketModule,
  sseModule,
  uploadModule,
  graphqlModule,
  jobsFeature,
  openapiModule,
  devtoolsModule,
];
