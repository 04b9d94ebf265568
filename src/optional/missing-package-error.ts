/** Thrown when a feature in use needs an optional peer dependency that is not installed. */
export class MissingPackageError extends Error {
  /** Stable code, for callers that branch on the failure rather than its wording. */
  readonly code = 'TRELLIS_MISSING_PACKAGE';

  constructor(
    /** The package to install. */
    readonly packageName: string,
    feature: string,
    range: string | undefined,
    cause: unknown,
  ) {
    const spec = range ? `${packageName}@"${range}"` : packageName;
    super(`${feature} needs the package '${packageName}', which is not installed: npm install ${spec}`, {
      cause,
    });
    this.name = 'MissingPackageError';
  }
}
