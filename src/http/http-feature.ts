import type { ModuleHost, TrellisFeature } from '../kernel';
import { CONTROLLER_ROLE } from '../routing';
import { HttpTransport } from './http-transport';

/**
 * HTTP as a feature: the engine, the routes of the `controllers` option, their pipeline and the
 * server. Installed first by `createApp`, since every other feature rides it (a gateway's
 * upgrade, GraphQL's and the docs' mounted handlers, the route hooks of uploads and streams).
 */
export const httpModule: TrellisFeature<undefined> = {
  name: 'http',
  roles: [CONTROLLER_ROLE],
  install(app: ModuleHost) {
    app.serveOver(new HttpTransport(app));
  },
};
