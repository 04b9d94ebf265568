import type { Application } from '../app/application';

/** Wires the openapi support into an application (through its lifecycle hooks). */
export function openapiFeature(_app: Application): void {}
