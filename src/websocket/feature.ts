import type { Application } from '../app/application';

/** Wires the websocket support into an application (through its lifecycle hooks). */
export function websocketFeature(_app: Application): void {}
