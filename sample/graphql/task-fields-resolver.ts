import { z } from 'zod';
import type { Task } from '../tasks/task';
import { TaskSchema } from '../tasks/task-schemas';
import { Depends, Parent, ResolveField, Resolver, Summary } from '../trellis';
import { UserLoader } from '../users/user-loader';

/** Who a task is assigned to, as GraphQL shows it (no e-mail or permissions of other users). */
const TeamMemberSchema = z
  .object({
    id: z.number().int().describe('The user id'),
    username: z.string().describe('The username'),
    role: z.string().describe('The role'),
  })
  .meta({ id: 'TeamMember', description: 'A user as other users see them' });

/** Fields of the GraphQL `Task` type that load related records. */
@Resolver()
export class TaskFieldsResolver {
  @ResolveField(TaskSchema, TeamMemberSchema.nullable())
  @Summary('The assignee; every assignee of one request is read in one query')
  async assignee(@Parent() task: Task, @Depends(UserLoader) users: UserLoader) {
    if (!task.assignee) return null;
    const user = await users.load(task.assignee.id);
    return user && { id: user.id, username: user.username, role: user.role };
  }
}
