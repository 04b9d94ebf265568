/** Whether `value` is a promise or any other thenable, to await only what needs awaiting. */
export function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof (value as PromiseLike<unknown> | undefined)?.then === 'function';
}
