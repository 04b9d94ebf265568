import DataLoader from 'dataloader';
import { Injectable } from '../trellis';
import type { Task } from './task';
import { TasksRepository } from './tasks-repository';

/** How many of a user's newest tasks `User.tasks` shows. */
export const ASSIGNED_TASKS_SHOWN = 20;

/**
 * The newest tasks assigned to each user, for one request: every `load` of one tick becomes one
 * query for all the users asked. Request-scoped, so nothing is cached across requests.
 */
@Injectable('request')
export class AssignedTasksLoader {
  private readonly byAssignee: DataLoader<number, Task[]>;

  constructor(tasks: TasksRepository) {
    this.byAssignee = new DataLoader(async (ids) => {
      const grouped = new Map<number, Task[]>(ids.map((id) => [id, []]));
      for (const task of await tasks.newestAssignedToEach(ids, ASSIGNED_TASKS_SHOWN))
        grouped.get(task.assignee!.id)?.push(task);
      return ids.map((id) => grouped.get(id)!);
    });
  }

  /** The newest tasks assigned to that user, newest first. */
  load(userId: number): Promise<Task[]> {
    return this.byAssignee.load(userId);
  }
}
