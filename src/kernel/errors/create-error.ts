/** An error built by a {@link createError} class: its base class's instance with a code. */
export type CodedError<Base extends Error = Error> = Base & {
  /** The stable code to branch on instead of the wording (`TRELLIS_ERR_*`). */
  readonly code: string;
  /** The HTTP status the error stands for, when its class was given one. */
  readonly statusCode?: number;
};

/** A class made by {@link createError}: `new Class(...args)` fills the message template with `args`. */
export interface CodedErrorClass<Args extends unknown[] = [], Base extends Error = Error> {
  /** Builds the error, its message filled from `args`. */
  new (...args: Args): CodedError<Base>;
  /** The code every instance carries. */
  readonly code: string;
  /** What every instance inherits: the base class's prototype, with the code. */
  readonly prototype: CodedError<Base>;
}

/** A message template: a function of the constructor's arguments, or a fixed message. */
export type MessageTemplate<Args extends unknown[]> = string | ((...args: Args) => string);

/** The constructors a coded class may extend: `Error` and its kin (`TypeError`, `RangeError`, ...). */
export type ErrorBase<Base extends Error> = new (message?: string) => Base;

const CODE = /^[A-Z][A-Z0-9]*(_[A-Z0-9]+)+$/;

// createError's own misuse fails the same coded way; defined once the function below exists.
let InvalidErrorCode: CodedErrorClass<[code: string]>;
let InvalidErrorStatus: CodedErrorClass<[code: string, status: number]>;

/**
 * A class of coded errors, defined in one line per code: each instance is an instance of `Base`
 * (so a misuse keeps its `TypeError` or `RangeError`), has `code`, the message the template
 * builds from the constructor's arguments, `statusCode` when one is given, and its code in the
 * first line of its stack (`TypeError [CODE]: message`), as Node prints its own.
 * @example
 * const NoFields = createError('ACME_ERR_NO_FIELDS', (what: string) => `${what} needs a field`, 500, TypeError);
 * throw new NoFields('A cursor'); // TypeError [ACME_ERR_NO_FIELDS]: A cursor needs a field
 */
export function createError<Args extends unknown[] = [], Base extends Error = Error>(
  code: string,
  message: MessageTemplate<Args>,
  statusCode?: number,
  Base: ErrorBase<Base> = Error as unknown as ErrorBase<Base>,
): CodedErrorClass<Args, Base> {
  if (!CODE.test(code)) throw new InvalidErrorCode(code);
  if (statusCode !== undefined && !(Number.isInteger(statusCode) && statusCode >= 100 && statusCode <= 599))
    throw new InvalidErrorStatus(code, statusCode);
  const template = typeof message === 'function' ? message : () => message;
  const Coded = class extends (Base as unknown as ErrorBase<Error>) {
    static readonly code = code;
    readonly code = code;
    declare readonly statusCode?: number;

    constructor(...args: unknown[]) {
      super(template(...(args as Args)));
      if (statusCode !== undefined) (this as { statusCode?: number }).statusCode = statusCode;
      if (this.stack?.startsWith(this.name))
        this.stack = `${this.name} [${code}]${this.stack.slice(this.name.length)}`;
    }

    override toString(): string {
      return `${this.name} [${code}]: ${this.message}`;
    }
  };
  // The class reads as its code in a debugger or `err.constructor.name`.
  Object.defineProperty(Coded, 'name', { value: code });
  return Coded as unknown as CodedErrorClass<Args, Base>;
}

InvalidErrorCode = createError(
  'TRELLIS_ERR_INVALID_ERROR_CODE',
  (code: string) =>
    `createError(): '${code}' is no error code: use UPPER_SNAKE_CASE with a prefix (ACME_ERR_...)`,
  undefined,
  TypeError,
);
InvalidErrorStatus = createError(
  'TRELLIS_ERR_INVALID_ERROR_STATUS',
  (code: string, status: number) =>
    `createError('${code}'): the status must be an HTTP status (100-599), got ${status}`,
  undefined,
  RangeError,
);
