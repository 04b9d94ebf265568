export { isInstalled, loadOptional, requireInstalled } from './load-optional';
export { MissingPackageError } from './missing-package-error';
