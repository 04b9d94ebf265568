import { TrellisError } from '../../container/trellis-error';
import { KERNEL_ERRORS, type MissingPackage } from '../kernel';

/**
 * Thrown when features in use need optional peer dependencies that are not installed: names
 * every one of them, with one `npm install` line for all.
 */
export class MissingPackageError extends TrellisError {
  /** The first package to install. */
  readonly packageName: string;
  /** Every package to install. */
  readonly packageNames: readonly string[];

  constructor(missing: readonly MissingPackage[], cause?: unknown) {
    super(
      'TRELLIS_ERR_MISSING_PACKAGE',
      KERNEL_ERRORS.TRELLIS_ERR_MISSING_PACKAGE(missing),
      cause === undefined ? undefined : { cause },
    );
    this.packageNames = [...new Set(missing.map((one) => one.name))];
    this.packageName = this.packageNames[0];
  }
}
MissingPackageError.prototype.name = 'MissingPackageError';
