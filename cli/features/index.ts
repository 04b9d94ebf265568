import { authFeature } from './auth-feature';
import { databaseFeature } from './database-feature';
import { docsFeature } from './docs-feature';
import { graphqlFeature } from './graphql-feature';
import type { StarterFeature } from './starter-feature';
import { websocketFeature } from './websocket-feature';

/** The features `trellis new --with` adds, by name. */
export const STARTER_FEATURES = {
  auth: authFeature,
  graphql: graphqlFeature,
  websocket: websocketFeature,
  docs: docsFeature,
  database: databaseFeature,
} satisfies Record<string, StarterFeature>;

/** A feature's name. */
export type Feature = keyof typeof STARTER_FEATURES;

/** Every feature's name, in the order they are listed. */
export const FEATURES = Object.keys(STARTER_FEATURES) as Feature[];

export type { StarterClasses, StarterContext, StarterFeature } from './starter-feature';
