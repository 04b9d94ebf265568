import type { ModuleHost } from '../kernel/extension-points';
import type { TrellisFeature } from '../kernel/modules/trellis-feature';
import { CONTROLLER_ROLE } from '../routing/controller-role';
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
