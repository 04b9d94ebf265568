import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { CursorKeyTooShortError } from './pagination-errors';

const MIN_KEY_BYTES = 32;
const MAC_BYTES = 32;

let signingKey: Buffer | undefined;

/**
 * Sets the HMAC-SHA256 key cursors are signed with; at least 32 bytes. Every instance of a
 * service must use the same key, and a cursor signed with another key is rejected (400).
 *
 * Without a key, the first cursor made or read generates a random key for this process and
 * emits a warning: cursors then stop working after a restart and are not accepted by other
 * instances. Signing is always on, so a client can never forge a position or a value type.
 * @example setCursorSigningKey(process.env.CURSOR_SECRET!);
 */
export function setCursorSigningKey(key: string | Uint8Array): void {
  const bytes = typeof key === 'string' ? Buffer.from(key, 'utf8') : Buffer.from(key);
  if (bytes.length < MIN_KEY_BYTES) {
    throw new CursorKeyTooShortError(MIN_KEY_BYTES);
  }
  signingKey = bytes;
}

function currentKey(): Buffer {
  if (!signingKey) {
    signingKey = randomBytes(MIN_KEY_BYTES);
    process.emitWarning(
      'No cursor signing key set: using a random key for this process, so cursors will not survive a restart or work across instances. Call CursorPaginationHelper.setSigningKey(key).',
      { code: 'TRELLIS_CURSOR_KEY' },
    );
  }
  return signingKey;
}

/** The base64url HMAC-SHA256 of `payload`. */
export function signCursorPayload(payload: string): string {
  return createHmac('sha256', currentKey()).update(payload).digest('base64url');
}

/** Whether `signature` is the signature of `payload`, compared in constant time. */
export function verifyCursorPayload(payload: string, signature: string): boolean {
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== MAC_BYTES) return false;
  const expected = createHmac('sha256', currentKey()).update(payload).digest();
  return timingSafeEqual(given, expected);
}
