import { errorFactory } from '../../container/trellis-error';

/** The devtools page's start-up errors; part of the public `TRELLIS_ERRORS`. */
export const DEVTOOLS_ERRORS = {
  TRELLIS_ERR_DEVTOOLS_IN_PRODUCTION: () =>
    "the devtools option is on while NODE_ENV=production: the page shows the application's routes, " +
    'dependencies and requests, which a production server must not; leave devtools off there',
};

/** Builds one of the devtools page's errors. */
export const devtoolsError = errorFactory(DEVTOOLS_ERRORS);
