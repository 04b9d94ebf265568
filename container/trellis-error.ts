/**
 * A configuration or start-up mistake, with a stable `TRELLIS_ERR_*` code to branch on instead of
 * its wording. Every code is listed in `src/kernel/errors/trellis-errors.ts` and docs/errors.md.
 */
export class TrellisError extends Error {
  constructor(
    /** The stable `TRELLIS_ERR_*` code of this failure. */
    readonly code: string,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
    // The code in the first line of the stack, as Node prints its own coded errors.
    if (this.stack?.startsWith(this.name))
      this.stack = `${this.name} [${code}]${this.stack.slice(this.name.length)}`;
  }

  /** The same failure, its message prefixed by where it was found (`Class.method: ...`). */
  at(where: string): TrellisError {
    return new TrellisError(this.code, `${where}: ${this.message}`, { cause: this });
  }
}
TrellisError.prototype.name = 'TrellisError';

/** A catalog of message templates by code. */
export type ErrorTemplates = Record<string, (...args: any[]) => string>;

/** A function that builds the `TrellisError` of a code of `templates` from the template's arguments. */
export function errorFactory<T extends ErrorTemplates>(templates: T) {
  return <C extends keyof T & string>(code: C, ...args: Parameters<T[C]>): TrellisError =>
    new TrellisError(code, templates[code](...args));
}
