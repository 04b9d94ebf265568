export { isInstalled, loadOptional, requireInstalled } from './load-optional';
export { MissingPackageError } from './missing-package-error';
export { MissingPackages } from './missing-packages';
export { offNotice } from './off-notice';
export type { FastifyNative, OptionalPeerTypes } from './peer-types';
