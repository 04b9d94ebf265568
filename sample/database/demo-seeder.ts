import bcrypt from 'bcrypt';
import { ConfigError, DEFAULT_DEMO_PASSWORD, type SampleConfig } from '../config';
import { permissionsForRole } from '../users/role-permissions';
import { UsernameTakenError } from '../users/username-taken-error';
import type { UsersRepository } from '../users/users-repository';
import { DEMO_USERNAMES, hashDemoPassword } from './demo-users';

export { DEMO_USERNAMES } from './demo-users';

/**
 * Creates the demo users that are missing, with `DEMO_PASSWORD`. It needs only the database, so
 * it can run while the application is still being built (see `createSampleApp`). In production
 * it creates none while `DEMO_PASSWORD` is the published default, and refuses a database whose
 * demo users still have that password (seeded in development): anyone could log in as them.
 */
export class DemoSeeder {
  constructor(
    private readonly users: UsersRepository,
    private readonly config: SampleConfig,
  ) {}

  /**
   * Seeds what is missing; returns the usernames it created (none on a later start).
   * `passwordHash` is `hashDemoPassword(config)` when the caller started it earlier.
   * Rejects with a `ConfigError` in production when a demo user has the published password.
   */
  async seed(passwordHash?: Promise<string>): Promise<string[]> {
    if (this.config.env === 'production') {
      await this.refusePublishedPassword();
      if (this.config.demoPassword === DEFAULT_DEMO_PASSWORD) return [];
    }
    const existing = await this.existing();
    const missing = DEMO_USERNAMES.filter((name) => !existing.some((user) => user.username === name));
    if (missing.length === 0) return [];
    const hash = await (passwordHash ?? hashDemoPassword(this.config));
    // Inserting in order keeps the ids stable.
    const created: string[] = [];
    for (const name of missing) if (await this.insert(name, hash)) created.push(name);
    return created;
  }

  private async existing() {
    const found = await Promise.all(DEMO_USERNAMES.map((name) => this.users.findByUsername(name)));
    return found.filter((user) => !!user);
  }

  private async refusePublishedPassword(): Promise<void> {
    const existing = await this.existing();
    // Demo users share one hash when seeded together: each distinct hash is checked once.
    const hashes = [...new Set(existing.map((user) => user.passwordHash))];
    const published = new Set<string>();
    for (const hash of hashes) if (await bcrypt.compare(DEFAULT_DEMO_PASSWORD, hash)) published.add(hash);
    const exposed = existing.filter((user) => published.has(user.passwordHash)).map((user) => user.username);
    if (exposed.length === 0) return;
    const names = exposed.map((name) => `'${name}'`).join(', ');
    throw new ConfigError(
      [
        `Refusing to start with NODE_ENV=production: the demo users ${exposed.join(', ')} in ${this.config.databaseUrl}`,
        '  still have the published demo password (they were created in development), so anyone could log in as them.',
        '  Fix it in one of these ways:',
        `  - delete them: DELETE FROM users WHERE username IN (${names})`,
        '  - or start on a new database (DATABASE_FILE) or a new DATABASE_URL, with DEMO_PASSWORD set to a password of your own',
      ].join('\n'),
    );
  }

  private async insert(name: string, passwordHash: string): Promise<boolean> {
    try {
      await this.users.create({
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
