import { randomBytes } from 'node:crypto';
import bcrypt from 'bcrypt';
import type { UserProvider } from './auth-options';

/**
 * Hashes and verifies passwords off the event loop: with the user provider's own functions when
 * it has them, with bcrypt at the configured cost otherwise.
 */
export class PasswordHasher {
  private dummyHash?: Promise<string>;

  constructor(
    private readonly rounds: number,
    private readonly provider: Pick<UserProvider, 'hashPassword' | 'verifyPassword'> = {},
  ) {}

  /** The hash to store for `password`. */
  hash(password: string): Promise<string> {
    if (this.provider.hashPassword) return this.provider.hashPassword(password);
    return bcrypt.hash(password, this.rounds);
  }

  /** Whether `password` matches `hash`. */
  verify(password: string, hash: string): Promise<boolean> {
    if (this.provider.verifyPassword) return this.provider.verifyPassword(password, hash);
    return bcrypt.compare(password, hash);
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
