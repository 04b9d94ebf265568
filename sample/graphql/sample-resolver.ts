import { z } from 'zod';
import { MAX_PAGE_SIZE } from '../paging/list-query';
import { cursorPageSchema, offsetPageSchema } from '../paging/page-schemas';
import { type CreateTaskInput, CreateTaskSchema, TaskSchema } from '../tasks/task-schemas';
import { TASK_CREATED, TasksService } from '../tasks/tasks-service';
import {
  Arg,
  Auth,
  type AuthenticatedUser,
  CurrentUser,
  Description,
  MinimumRole,
  Mutation,
  Permissions,
  Query,
  Resolver,
  Subscription,
  SubscriptionPublisher,
  Summary,
} from '../trellis';
import { MeSchema, UserSummarySchema } from '../users/user-schemas';
import { UsersService } from '../users/users-service';

const Limit = z.number().int().positive().max(MAX_PAGE_SIZE);
const PageDirectionSchema = z
  .enum(['next', 'prev'])
  .meta({ id: 'PageDirection', description: 'Which way from the cursor: next (older) or prev (newer)' });

/** The GraphQL schema: the same services and the same guards as the REST routes. */
@Resolver()
export class SampleResolver {
  constructor(
    private readonly userService: UsersService,
    private readonly taskService: TasksService,
    private readonly events: SubscriptionPublisher,
  ) {}

  @Query(MeSchema)
  @Auth()
  @Description('Who you are')
  async me(@CurrentUser() caller: AuthenticatedUser) {
    const { id, username, email, role, permissions } = await this.userService.get(Number(caller.id));
    return { id, username, email, role, permissions };
  }

  @Query(offsetPageSchema(UserSummarySchema, 'UserPage'))
  @MinimumRole('manager')
  @Description('Users, one offset page at a time (role manager or higher)')
  users(
    @Arg('page', z.number().int().positive().default(1).describe('The page, from 1')) page: number,
    @Arg('limit', Limit.default(10).describe(`Users per page, 1 to ${MAX_PAGE_SIZE}`)) limit: number,
  ) {
    return this.userService.list({ page, limit });
  }

  @Query(cursorPageSchema(TaskSchema, 'TaskPage'))
  @Permissions('tasks.read')
  @Description('Tasks, newest first, one cursor page at a time (permission tasks.read)')
  tasks(
    @Arg('limit', Limit.default(20).describe(`Tasks per page, 1 to ${MAX_PAGE_SIZE}`)) limit: number,
    @Arg(
      'cursor',
      z.string().min(1).max(2048).optional().describe('A nextCursor or prevCursor of another page'),
    )
    cursor?: string,
    @Arg('direction', PageDirectionSchema.default('next').describe('Which way from the cursor'))
    direction?: 'next' | 'prev',
  ) {
    return this.taskService.list({ limit, cursor, direction });
  }

  @Mutation(TaskSchema)
  @Permissions('tasks.create')
  @Description('Create a task (permission tasks.create; assigning it to someone else needs tasks.assign)')
  createTask(
    @Arg('input', CreateTaskSchema.describe('The task to create')) input: CreateTaskInput,
    @CurrentUser() caller: AuthenticatedUser,
  ) {
    return this.taskService.create(input, caller);
  }

  @Subscription(TaskSchema)
  @Permissions('tasks.read')
  @Summary('Each task as it is created, on any instance')
  taskCreated() {
    return this.events.subscribe(TASK_CREATED);
  }
}
