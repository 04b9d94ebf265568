import DataLoader from 'dataloader';
import { Injectable } from '../trellis';
import type { UserRecord } from './user';
import { UsersRepository } from './users-repository';

/**
 * Users by id for one request: every `load` of one tick becomes one query, and each user is
 * read once per request. Request-scoped, so nothing is cached across requests or callers.
 */
@Injectable('request')
export class UserLoader {
  private readonly byId: DataLoader<number, UserRecord | null>;

  constructor(users: UsersRepository) {
    this.byId = new DataLoader(async (ids) => {
      const found = new Map((await users.findByIds(ids)).map((user) => [user.id, user]));
      return ids.map((id) => found.get(id) ?? null);
    });
  }

  /** The user with that id, or null. */
  load(id: number): Promise<UserRecord | null> {
    return this.byId.load(id);
  }
}
