import { timeOrderedIds } from './time-ordered-id';

// What a proxy or client may send: short, and nothing that could forge a log line or a header.
const WELL_FORMED = /^[A-Za-z0-9._:-]{1,128}$/;

const newId = timeOrderedIds();

/** The id of a request: the `X-Request-Id` it came with when well-formed, a new UUIDv7 otherwise. */
export function requestIdFrom(header: string | string[] | undefined): string {
  return typeof header === 'string' && WELL_FORMED.test(header) ? header : newId();
}
