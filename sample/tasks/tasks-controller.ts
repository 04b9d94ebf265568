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
  Implements,
  NotFoundException,
  Param,
  Permissions,
  Query,
  ResponseHeaders,
} from '../trellis';
import type { CreateTaskInput } from './task-schemas';
import { TasksRepository } from './tasks-repository';
import { TasksService } from './tasks-service';

type TasksApi = Pick<typeof sampleApi, 'listTasks' | 'getTask' | 'createTask'>;

/** Tasks, newest first: the task routes of the sample's contract. */
@Controller()
@Description('Tasks, newest first')
export class TasksController implements ContractController<TasksApi> {
  constructor(
    private readonly tasks: TasksService,
    private readonly repository: TasksRepository,
  ) {}

  @Implements(sampleApi.createTask)
  @Permissions('tasks.create')
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
  async getTask(@Param('id') id: string) {
    // Awaited: a repository may answer synchronously or with a promise.
    const task = await this.repository.findById(id);
    if (!task) throw new NotFoundException(MESSAGES.taskNotFound);
    return task;
  }

  @Implements(sampleApi.listTasks)
  @Permissions('tasks.read')
  @Description(
    'Cursor pagination by (createdAt, id) with `?cursor=&limit=&direction=next|prev`; offset pagination with `?page=&limit=`.',
  )
  listTasks(@Query() query: ListQuery) {
    return this.tasks.list(query);
  }
}
