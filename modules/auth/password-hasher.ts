import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import bcrypt from 'bcrypt';
import type { UserProvider } from './auth-options';
import { ConcurrencyLimit } from './concurrency-limit';

// Hashing runs on libuv's threads, off the event loop, but competes with it for the CPU: with as
// many hashes as cores, requests wait behind them. One core is left to the event loop.
const HASHING_SLOTS = Math.max(1, availableParallelism() - 1);

/**
 * Hashes and verifies passwords off the event loop: with the user provider's own functions when
 * it has them, with bcrypt at the configured cost otherwise.
 */
export class PasswordHasher {
  private dummyHash?: Promise<string>;

  constructor(
    private readonly rounds: number,
    private readonly provider: Pick<UserProvider, 'hashPassword' | 'verifyPassword'> = {},
    private readonly slots = new ConcurrencyLimit(HASHING_SLOTS),
  ) {}

  /** The hash to store for `password`. */
  hash(password: string): Promise<string> {
    const { provider } = this;
    if (provider.hashPassword) return this.slots.run(() => provider.hashPassword!(password));
    return this.slots.run(() => bcrypt.hash(password, this.rounds));
  }

  /** Whether `password` matches `hash`. */
  verify(password: string, hash: string): Promise<boolean> {
    const { provider } = this;
    if (provider.verifyPassword) return this.slots.run(() => provider.verifyPassword!(password, hash));
    return this.slots.run(() => bcrypt.compare(password, hash));
  }

  /**
   * Does the work of a real verification and fails: a login for an unknown user costs as much as
   * one for a known user, so timing does not reveal which usernames exist.
   */
  async verifyNothing(password: string): Promise<false> {
    await this.verify(password, await this.prepare());
    return false;
  }

  /** Hashes a random password of the same cost once, so the first unknown-user login is not slower. */
  prepare(): Promise<string> {
    this.dummyHash ??= this.hash(randomBytes(18).toString('base64url'));
    return this.dummyHash;
  }
}
