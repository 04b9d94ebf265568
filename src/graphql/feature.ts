import type { Application } from '../app/application';

/** Wires the graphql support into an application (through its lifecycle hooks). */
export function graphqlFeature(_app: Application): void {}
