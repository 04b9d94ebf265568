import { PasswordHasher } from '../auth/password-hasher';
import type { SampleConfig } from '../config';
import { SAMPLE_CONFIG } from '../tokens';
import { Inject, Injectable } from '../trellis';
import { permissionsForRole } from '../users/role-permissions';
import { UsernameTakenError } from '../users/username-taken-error';
import { UsersRepository } from '../users/users-repository';

/** The demo users, one per reference role, named after it. */
export const DEMO_USERNAMES = ['admin', 'manager', 'team_lead', 'developer', 'viewer'] as const;

/** Creates the demo users that are missing, with `DEMO_PASSWORD`. */
@Injectable()
export class DemoSeeder {
  constructor(
    private readonly users: UsersRepository,
    private readonly hasher: PasswordHasher,
    @Inject(SAMPLE_CONFIG) private readonly config: SampleConfig,
  ) {}

  /** Seeds what is missing; returns the usernames it created (none on a later start). */
  async seed(): Promise<string[]> {
    const missing = DEMO_USERNAMES.filter((name) => !this.users.findByUsername(name));
    if (missing.length === 0) return [];
    // The demo users share one published password, so one bcrypt hash serves them all: at cost 12
    // each hash is a quarter of a second of start-up. Inserting in order keeps the ids stable.
    const passwordHash = await this.hasher.hash(this.config.demoPassword);
    return missing.filter((name) => this.insert(name, passwordHash));
  }

  private insert(name: string, passwordHash: string): boolean {
    try {
      this.users.create({
        username: name,
        email: `${name}@example.com`,
        passwordHash,
        role: name,
        permissions: permissionsForRole(name),
      });
      return true;
    } catch (err) {
      // Another instance sharing the database file seeded it first.
      if (err instanceof UsernameTakenError) return false;
      throw err;
    }
  }
}
