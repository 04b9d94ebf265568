/** A user row as the repository reads it; the hash never leaves the repository and auth layers. */
export interface UserRecord {
  id: number;
  username: string;
  email: string;
  passwordHash: string;
  role: string;
  permissions: string[];
  createdAt: string;
}

/** A user as responses show it: everything but the password hash. */
export type UserSummary = Omit<UserRecord, 'passwordHash'>;

/** What creating a user stores. */
export type NewUser = Omit<UserRecord, 'id' | 'createdAt'>;

/** What updating a user may change. */
export type UserChanges = Partial<Pick<UserRecord, 'email' | 'passwordHash' | 'role' | 'permissions'>>;

/** The public view of a user record. */
export function toUserSummary(user: UserRecord): UserSummary {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    role: user.role,
    permissions: user.permissions,
    createdAt: user.createdAt,
  };
}
