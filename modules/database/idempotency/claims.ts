import { randomBytes } from 'node:crypto';
import { ConflictException } from '../../../src/kernel';

/** The 409 of a key whose first request is still running (or whose claim another took over). */
export const stillRunning = (): ConflictException =>
  new ConflictException('A request with this Idempotency-Key is still being processed', {
    headers: { 'Retry-After': '1' },
  });

/** The token a claim carries, so that only the request holding it renews, completes or releases it. */
export const claimToken = (): string => randomBytes(12).toString('base64url');
