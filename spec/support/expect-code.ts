import { expect } from 'chai';
import { TrellisError } from '../../container/trellis-error';
import type { TrellisErrorCode } from '../../index';

/** Asserts that `error` is a `TrellisError` with `code`, and returns it for more checks. */
export function expectCode(error: unknown, code: TrellisErrorCode): TrellisError {
  expect(error).to.be.instanceOf(TrellisError);
  expect((error as TrellisError).code, (error as Error).message).to.equal(code);
  return error as TrellisError;
}

/** Asserts that `run` throws a `TrellisError` with `code`, and returns it for more checks. */
export function expectThrowsCode(run: () => unknown, code: TrellisErrorCode): TrellisError {
  try {
    run();
  } catch (err) {
    return expectCode(err, code);
  }
  expect.fail(`expected ${code} to be thrown`);
}

/**
 * Asserts that `run` throws an instance of `base` (`TypeError`, `RangeError`, `Error`) carrying
 * `code`, and returns it for more checks.
 */
export function expectThrowsCoded(run: () => unknown, base: ErrorConstructor, code: string): Error {
  try {
    run();
  } catch (err) {
    expect(err).to.be.instanceOf(base);
    expect((err as { code?: string }).code, (err as Error).message).to.equal(code);
    return err as Error;
  }
  expect.fail(`expected ${base.name} ${code} to be thrown`);
}
