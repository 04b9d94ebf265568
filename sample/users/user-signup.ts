import { Inject, Injectable, Jobs, Transactional } from '../trellis';
import type { NewUser, UserRecord } from './user';
import { UsersRepository } from './users-repository';

/** Stores a new user and enqueues its welcome message in one transaction: both or neither. */
@Injectable()
export class UserSignup {
  constructor(
    private readonly users: UsersRepository,
    @Inject(Jobs) private readonly jobs: Jobs,
  ) {}

  @Transactional()
  async create(user: NewUser): Promise<UserRecord> {
    const created = await this.users.create(user);
    await this.jobs.enqueue('send-welcome', { userId: String(created.id) });
    return created;
  }
}
