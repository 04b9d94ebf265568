import type * as InversifyPackage from 'inversify';

/**
 * Inversify at run time: the one-file bundle the build makes of the installed package
 * (scripts/bundle-inversify.js), since Node 20 loads the package's ES modules one file at a time
 * through `require`, which cost an application a sixth of its start-up. A build made without
 * the step (only `tsc`) loads the package itself, with the same API.
 */
export const inversify: typeof InversifyPackage = loadInversify();

function loadInversify(): typeof InversifyPackage {
  try {
    return require('./inversify-bundle.js');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'MODULE_NOT_FOUND') throw err;
    return require('inversify');
  }
}
