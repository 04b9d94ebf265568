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
  MinimumRole,
  Mutation,
  Permissions,
  Query,
  Resolver,
  Subscription,
  SubscriptionPublisher,
  Summary,
} from '../trellis';
import { UserSummarySchema } from '../users/user-schemas';
import { UsersService } from '../users/users-service';

const MeSchema = z
  .object({
    id: z.number().int(),
    username: z.string(),
    email: z.string(),
    role: z.string(),
    permissions: z.array(z.string()),
  })
  .meta({ id: 'Me' });
const Limit = z.number().int().positive().max(MAX_PAGE_SIZE);

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
  @Summary('Who you are')
  me(@CurrentUser() caller: AuthenticatedUser) {
    const { id, username, email, role, permissions } = this.userService.get(Number(caller.id));
    return { id, username, email, role, permissions };
  }

  @Query(offsetPageSchema(UserSummarySchema, 'UserPage'))
  @MinimumRole('manager')
  @Summary('Users, one offset page at a time')
  users(
    @Arg('page', z.number().int().positive().optional()) page = 1,
    @Arg('limit', Limit.optional()) limit?: number,
  ) {
    return this.userService.list({ page, limit });
  }

  @Query(cursorPageSchema(TaskSchema, 'TaskPage'))
  @Permissions('tasks.read')
  @Summary('Tasks, newest first, one cursor page at a time')
  tasks(
    @Arg('limit', Limit.optional()) limit?: number,
    @Arg('cursor', z.string().min(1).max(2048).optional()) cursor?: string,
    @Arg('direction', z.enum(['next', 'prev']).meta({ id: 'PageDirection' }).optional())
    direction?: 'next' | 'prev',
  ) {
    return this.taskService.list({ limit, cursor, direction });
  }

  @Mutation(TaskSchema)
  @Permissions('tasks.create')
  @Summary('Create a task')
  createTask(
    @Arg('input', CreateTaskSchema) input: CreateTaskInput,
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
