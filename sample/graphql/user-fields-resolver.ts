import { z } from 'zod';
import { AssignedTasksLoader } from '../tasks/assigned-tasks-loader';
import { TaskSchema } from '../tasks/task-schemas';
import { Depends, Parent, Permissions, ResolveField, Resolver, Summary } from '../trellis';
import type { UserSummary } from '../users/user';
import { UserSummarySchema } from '../users/user-schemas';

/** Fields of the GraphQL `User` type that load related records. */
@Resolver()
export class UserFieldsResolver {
  @ResolveField(UserSummarySchema, z.array(TaskSchema))
  @Permissions('tasks.read')
  @Summary("The user's newest assigned tasks (20 at most); every user of one request in one query")
  tasks(@Parent() user: UserSummary, @Depends(AssignedTasksLoader) tasks: AssignedTasksLoader) {
    return tasks.load(user.id);
  }
}
