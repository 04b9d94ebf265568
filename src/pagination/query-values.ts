import { PageNotPositiveError } from './pagination-errors';

const DIGITS = /^\d+$/;

/**
 * A query-string value as a positive safe integer, or `undefined` when it is missing or is
 * anything else ('0', '-1', '2.5', 'abc', '10abc', a repeated parameter).
 */
export function positiveInteger(value: unknown): number | undefined {
  let parsed: number | undefined;
  if (typeof value === 'number') parsed = value;
  else if (typeof value === 'string' && DIGITS.test(value.trim())) parsed = Number(value.trim());
  return parsed !== undefined && Number.isSafeInteger(parsed) && parsed > 0 ? parsed : undefined;
}

/** Throws when a number a handler passes in is not a positive integer (a server bug, not client input). */
export function assertPositiveInteger(name: string, value: number): void {
  if (!Number.isSafeInteger(value) || value < 1) {
    throw new PageNotPositiveError(name, value);
  }
}
