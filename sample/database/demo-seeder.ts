import type { SampleConfig } from '../config';
import { permissionsForRole } from '../users/role-permissions';
import { UsernameTakenError } from '../users/username-taken-error';
import type { UsersRepository } from '../users/users-repository';
import { DEMO_USERNAMES, hashDemoPassword } from './demo-users';

export { DEMO_USERNAMES } from './demo-users';

/**
 * Creates the demo users that are missing, with `DEMO_PASSWORD`. It needs only the database, so
 * it can run while the application is still being built (see `createSampleApp`).
 */
export class DemoSeeder {
  constructor(
    private readonly users: UsersRepository,
    private readonly config: SampleConfig,
  ) {}

  /**
   * Seeds what is missing; returns the usernames it created (none on a later start).
   * `passwordHash` is `hashDemoPassword(config)` when the caller started it earlier.
   */
  async seed(passwordHash?: Promise<string>): Promise<string[]> {
    const missing = DEMO_USERNAMES.filter((name) => !this.users.findByUsername(name));
    if (missing.length === 0) return [];
    const hash = await (passwordHash ?? hashDemoPassword(this.config));
    // Inserting in order keeps the ids stable.
    return missing.filter((name) => this.insert(name, hash));
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
