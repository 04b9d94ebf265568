/** One value of a call that fails the contract's schema: where, why, and zod's issue code. */
export interface InputIssue {
  path: string;
  message: string;
  code: string;
}

/** Thrown before anything is sent when a call's parameters, query, body or headers fail the contract. */
export class ContractInputError extends Error {
  /** The stable code of this failure (docs/errors.md). */
  readonly code = 'TRELLIS_ERR_CONTRACT_INPUT';

  constructor(
    /** The route's name in the contract. */
    readonly route: string,
    readonly details: InputIssue[],
  ) {
    super(`${route}: ${details.map((issue) => `${issue.path}: ${issue.message}`).join('; ')}`);
    this.name = 'ContractInputError';
  }
}
