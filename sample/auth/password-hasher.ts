import bcrypt from 'bcrypt';
import type { SampleConfig } from '../config';
import { SAMPLE_CONFIG } from '../tokens';
import { Inject, Injectable } from '../trellis';

/** Hashes and checks passwords with bcrypt at `BCRYPT_ROUNDS`. */
@Injectable()
export class PasswordHasher {
  private readonly rounds: number;

  constructor(@Inject(SAMPLE_CONFIG) config: SampleConfig) {
    this.rounds = config.bcryptRounds;
  }

  /** A salted bcrypt hash of `password`. */
  hash(password: string): Promise<string> {
    return bcrypt.hash(password, this.rounds);
  }

  /** Whether `password` matches `hash`. */
  verify(password: string, hash: string): Promise<boolean> {
    return bcrypt.compare(password, hash);
  }
}
