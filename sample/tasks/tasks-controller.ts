import { sampleApi } from '../api/sample-api';
import { MESSAGES } from '../messages';
import type { ListQuery } from '../paging/list-query';
import {
  type AuthenticatedUser,
  Body,
  type ContractController,
  Controller,
  CurrentUser,
  Description,
  Idempotent,
  Implements,
  NotFoundException,
  Param,
  Permissions,
  Query,
  ResponseHeaders,
  Tool,
} from '../trellis';
import type { CreateTaskInput } from './task-schemas';
import { TasksRepository } from './tasks-repository';
import { TasksService } from './tasks-service';

type TasksApi = Pick<typeof sampleApi, 'listTasks' | 'getTask' | 'createTask'>;

/** Tasks, newest first: the task routes of the sample's contract, also MCP tools (`list_tasks`, `get_task`, `create_task`). */
@Controller()
@Description('Tasks, newest first')
export class TasksController implements ContractController<TasksApi> {
  constructor(
    private readonly tasks: TasksService,
    private readonly repository: TasksRepository,
  ) {}

  @Implements(sampleApi.createTask)
  @Idempotent()
  @Permissions('tasks.create')
  @Tool({ description: 'Create a task; it is then listed, and announced to the taskCreated event stream' })
  async createTask(
    @Body() body: CreateTaskInput,
    @CurrentUser() caller: AuthenticatedUser,
    @ResponseHeaders() headers: Record<string, string>,
  ) {
    const task = await this.tasks.create(body, caller);
    headers.Location = `/tasks/${encodeURIComponent(task.id)}`;
    return task;
  }

  @Implements(sampleApi.getTask)
  @Permissions('tasks.read')
  @Tool({ description: 'One task by its id' })
  async getTask(@Param('id') id: string) {
    // Awaited: a repository may answer synchronously or with a promise.
    const task = await this.repository.findById(id);
    if (!task) throw new NotFoundException(MESSAGES.taskNotFound);
    return task;
  }

  @Implements(sampleApi.listTasks)
  @Permissions('tasks.read')
  @Tool({ description: 'Tasks, newest first, a page at a time (cursor or page and limit)' })
  @Description(
    'Cursor pagination by (createdAt, id) with `?cursor=&limit=&direction=next|prev`; offset pagination with `?page=&limit=`.',
  )
  listTasks(@Query() query: ListQuery) {
    return this.tasks.list(query);
  }
}
