import { Injectable } from '../trellis';
import type { UserRecord } from '../users/user';
import { UsersRepository } from '../users/users-repository';

/** A user as the auth module reads it; the hash is only for `AuthService.login` to verify. */
export interface AuthUserRecord {
  id: number;
  username: string;
  email: string;
  role: string;
  permissions: string[];
  passwordHash?: string;
}

function toAuthUser(user: UserRecord, withHash: boolean): AuthUserRecord {
  const { id, username, email, role, permissions } = user;
  return withHash
    ? { id, username, email, role, permissions, passwordHash: user.passwordHash }
    : { id, username, email, role, permissions };
}

/**
 * The auth module's user provider, backed by the users table. Passwords are the module's own
 * business: bcrypt at `BCRYPT_ROUNDS`, given to it as `bcryptRounds`.
 */
@Injectable()
export class AuthUserProvider {
  constructor(private readonly users: UsersRepository) {}

  /** The user named `username` with its hash, or null; `AuthService.login` checks the password. */
  async findByCredentials(username: string): Promise<AuthUserRecord | null> {
    const user = await this.users.findByUsername(username);
    return user ? toAuthUser(user, true) : null;
  }

  /** The user as it is now (a token's `sub`), or null once deleted. */
  async findById(id: string | number): Promise<AuthUserRecord | null> {
    const numeric = Number(id);
    const user = Number.isSafeInteger(numeric) ? await this.users.findById(numeric) : undefined;
    return user ? toAuthUser(user, false) : null;
  }
}
