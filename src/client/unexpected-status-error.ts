/** Thrown when the server answers with a status the contract does not list for the route. */
export class UnexpectedStatusError extends Error {
  /** The stable code of this failure (docs/errors.md). */
  readonly code = 'TRELLIS_ERR_UNEXPECTED_STATUS';

  constructor(
    /** The route's name in the contract. */
    readonly route: string,
    readonly status: number,
    readonly body: unknown,
    readonly headers: Headers,
  ) {
    super(`${route}: the server answered ${status}, which the contract does not list`);
    this.name = 'UnexpectedStatusError';
  }
}
