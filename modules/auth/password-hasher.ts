import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import type * as Bcrypt from 'bcrypt';
import { AUTH_MESSAGES } from './auth-messages';
import type { UserProvider } from './auth-options';
import { ConcurrencyLimit } from './concurrency-limit';

// Hashing runs on libuv's threads, off the event loop, but competes with it for the CPU: with as
// many hashes as cores, requests wait behind them. One core is left to the event loop.
const HASHING_SLOTS = Math.max(1, availableParallelism() - 1);

/** Hashes that may wait for a slot by default: a few per core, a second or two of work at most. */
export const DEFAULT_HASH_QUEUE_LIMIT = 4 * availableParallelism();

// Loaded by the first hash or verification, not by every application that installs auth.
const bcrypt = (): typeof Bcrypt => require('bcrypt');

const BCRYPT_ALPHABET = './ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

// `$2b$<cost>$` then 22 characters of salt and 31 of digest, all in bcrypt's base-64 alphabet.
function randomBcryptHash(rounds: number): string {
  let text = '';
  for (const byte of randomBytes(53)) text += BCRYPT_ALPHABET[byte & 63];
  return `$2b$${String(rounds).padStart(2, '0')}$${text}`;
}

/**
 * Hashes and verifies passwords off the event loop: with the user provider's own functions when
 * it has them, with bcrypt at the configured cost otherwise.
 */
export class PasswordHasher {
  /** The bounded queue every hash and verification goes through; `queued` is its depth. */
  readonly slots: ConcurrencyLimit;
  private dummyHash?: Promise<string>;

  constructor(
    private readonly rounds: number,
    private readonly provider: Pick<UserProvider, 'hashPassword' | 'verifyPassword'> = {},
    maxQueued: number = DEFAULT_HASH_QUEUE_LIMIT,
    busyMessage: string = AUTH_MESSAGES.busy,
  ) {
    this.slots = new ConcurrencyLimit(HASHING_SLOTS, maxQueued, busyMessage);
  }

  /** The hash to store for `password`. */
  hash(password: string): Promise<string> {
    const { provider } = this;
    if (provider.hashPassword) return this.slots.run(() => provider.hashPassword!(password));
    // A salt made here (16 random bytes) spares bcrypt a round trip through a busy event loop
    // between making its salt on a worker and hashing.
    const { hash, genSaltSync } = bcrypt();
    return this.slots.run(() => hash(password, genSaltSync(this.rounds)));
  }

  /** Whether `password` matches `hash`. */
  verify(password: string, hash: string): Promise<boolean> {
    const { provider } = this;
    if (provider.verifyPassword) return this.slots.run(() => provider.verifyPassword!(password, hash));
    const { compare } = bcrypt();
    return this.slots.run(() => compare(password, hash));
  }

  /**
   * Does the work of a real verification and fails: a login for an unknown user costs as much as
   * one for a known user, so timing does not reveal which usernames exist.
   */
  async verifyNothing(password: string): Promise<false> {
    await this.verify(password, await this.prepare());
    return false;
  }

  /** Makes the dummy hash once, so the first unknown-user login is not slower. */
  prepare(): Promise<string> {
    // bcrypt's cost lies in verifying, whatever the hash: a well-formed one of the configured cost
    // made of random characters costs a full verification and matches nothing, without spending a
    // hash's worth of CPU at start-up. A provider's own format is unknown, so it hashes for real.
    this.dummyHash ??= this.provider.hashPassword
      ? this.hash(randomBytes(18).toString('base64url'))
      : Promise.resolve(randomBcryptHash(this.rounds));
    return this.dummyHash;
  }
}
