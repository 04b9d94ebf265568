import type { ModuleHost, TrellisFeature } from '../kernel';
import { DEVTOOLS_OPTIONS_SCHEMA, type DevtoolsOptions } from './devtools-options';
import type * as InstallDevtools from './install-devtools';

function install(app: ModuleHost, setting: boolean | DevtoolsOptions | undefined): void {
  if (!setting) return;
  // The page, its script and the request log are loaded by an application that turned them on.
  const { installDevtools } = require('./install-devtools') as typeof InstallDevtools;
  installDevtools(app, setting === true ? {} : setting);
}

/**
 * The devtools page at `/_trellis` (`createApp({ devtools: true })`): the routes, the dependency
 * graph and the latest requests, with their spans when tracing is on; its data at
 * `/_trellis.json`. Off unless asked, refused at `ready()` under `NODE_ENV=production`, and
 * answered to loopback addresses only unless `allowRemote` says otherwise.
 */
export const devtoolsModule: TrellisFeature<boolean | DevtoolsOptions | undefined> = {
  name: 'devtools',
  option: 'devtools',
  schema: DEVTOOLS_OPTIONS_SCHEMA,
  install,
};
