import { TrellisError } from '../../container/trellis-error';
import { TRELLIS_ERRORS } from '../errors/trellis-errors';

/** Thrown when a feature in use needs an optional peer dependency that is not installed. */
export class MissingPackageError extends TrellisError {
  constructor(
    /** The package to install. */
    readonly packageName: string,
    feature: string,
    range: string | undefined,
    cause: unknown,
  ) {
    const spec = range ? `${packageName}@"${range}"` : packageName;
    super(
      'TRELLIS_ERR_MISSING_PACKAGE',
      TRELLIS_ERRORS.TRELLIS_ERR_MISSING_PACKAGE(feature, packageName, spec),
      cause === undefined ? undefined : { cause },
    );
  }
}
MissingPackageError.prototype.name = 'MissingPackageError';
