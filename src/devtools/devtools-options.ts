import { z } from 'zod';

/** The devtools page's settings (`createApp({ devtools: {...} })`); `devtools: true` takes the defaults. */
export interface DevtoolsOptions {
  /** Serves the page to clients beyond this machine too. Default false: loopback addresses only. */
  allowRemote?: boolean;
  /** How many of the latest requests the page keeps. Default 100. */
  requests?: number;
}

/** The shape of the `devtools` option, checked at `createApp`. */
export const DEVTOOLS_OPTIONS_SCHEMA = z.union([
  z.boolean(),
  z.strictObject({
    allowRemote: z.boolean().optional(),
    requests: z.number().int().positive().max(10_000).optional(),
  }),
]);

/** Where the page is served; its data at `${DEVTOOLS_PATH}.json`, its script under it. */
export const DEVTOOLS_PATH = '/_trellis';
