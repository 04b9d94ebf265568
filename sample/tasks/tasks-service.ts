import { randomUUID } from 'node:crypto';
import { SAMPLE_ERROR_CODES } from '../error-codes';
import { MESSAGES } from '../messages';
import { type ListPage, listPage } from '../paging/list-page';
import type { ListQuery } from '../paging/list-query';
import {
  type AuthenticatedUser,
  ForbiddenException,
  Injectable,
  SubscriptionPublisher,
  ValidationException,
} from '../trellis';
import { UsersRepository } from '../users/users-repository';
import type { Task } from './task';
import { TaskFeed } from './task-feed';
import type { CreateTaskInput } from './task-schemas';
import { TasksRepository } from './tasks-repository';

const ASSIGN_PERMISSION = 'tasks.assign';

/** The subscription topic of new tasks; its payload is the task. */
export const TASK_CREATED = 'taskCreated';

/** Tasks: creating them for a caller and listing them newest first. */
@Injectable()
export class TasksService {
  constructor(
    private readonly tasks: TasksRepository,
    private readonly users: UsersRepository,
    private readonly events: SubscriptionPublisher,
    private readonly feed: TaskFeed,
  ) {}

  /** One page of tasks, newest first: cursor pagination by `(createdAt, id)`, or offset with `page`. */
  list(query: ListQuery): Promise<ListPage<Task>> {
    return listPage(query, this.tasks);
  }

  /**
   * Creates a task on behalf of `caller`. Assigning it to anyone but oneself needs `tasks.assign`:
   * without it any other id is a 403, known or not, so the answer tells nothing about which ids
   * exist. With it, an unknown assignee is a 422 on `body.assigneeId`.
   */
  async create(input: CreateTaskInput, caller: AuthenticatedUser): Promise<Task> {
    const toOther = input.assigneeId !== undefined && input.assigneeId !== Number(caller.id);
    if (toOther && !caller.permissions.includes(ASSIGN_PERMISSION))
      throw new ForbiddenException(MESSAGES.assignNeedsPermission, {
        code: SAMPLE_ERROR_CODES.PERMISSION_MISSING,
      });
    if (input.assigneeId !== undefined && !(await this.users.findById(input.assigneeId))) {
      throw new ValidationException([
        { path: 'body.assigneeId', message: MESSAGES.assigneeNotFound, code: 'not_found' },
      ]);
    }
    const task = await this.tasks.create({
      id: randomUUID(),
      title: input.title,
      description: input.description ?? null,
      status: input.status ?? 'todo',
      assigneeId: input.assigneeId ?? null,
      createdById: Number(caller.id),
      createdAt: new Date().toISOString(),
    });
    // Subscribers hear of it however it was created (REST or GraphQL); publish never throws.
    void this.events.publish(TASK_CREATED, task);
    // Awaited, so that the answer follows the event into the feed: a task created after this one
    // answered is never announced before it, and a client reconnecting with Last-Event-ID after
    // the 201 finds it. As publish above, never a failure of the request: with Redis (or the
    // database) down the feed misses the task.
    await this.feed.created(task).catch(() => {});
    return task;
  }
}
