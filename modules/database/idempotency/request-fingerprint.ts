import { createHash } from 'node:crypto';
import type { ReceivedForm } from '../../../src/uploads';

/** The parts of a request that make two requests with one `Idempotency-Key` "the same". */
export interface FingerprintedRequest {
  /** The HTTP method, upper case. */
  method: string;
  /** The path and query string, as sent. */
  url: string;
  /** The parsed JSON body; absent without one. */
  body?: unknown;
  /** The multipart body, once read: its fields with their values, each file by its SHA-256. */
  form?: ReceivedForm;
}

// A file stands for its content by the SHA-256 the upload computed while streaming it to its
// sink: nothing is read again from disk.
function formParts(form: ReceivedForm): unknown {
  return {
    fields: form.fields,
    files: form.files.map((file) => [file.fieldName, file.filename, file.sha256]),
  };
}

/** What makes two requests "the same": the route, the method, the path and query, and the body. */
export function requestFingerprint(route: string, request: FingerprintedRequest): string {
  const { method, url, body, form } = request;
  const parts = [route, method, url, body ?? null, form ? formParts(form) : null];
  return createHash('sha256').update(JSON.stringify(parts)).digest('base64url');
}
