import { MESSAGES } from '../messages';
import { type ListQuery, ListQuerySchema } from '../paging/list-query';
import { listPageSchema } from '../paging/page-schemas';
import {
  type AuthenticatedUser,
  BadRequestException,
  Body,
  Controller,
  CurrentUser,
  Description,
  Get,
  NotFoundException,
  Param,
  Permissions,
  Post,
  Query,
  ResponseHeaders,
  Returns,
  Summary,
  Throws,
} from '../trellis';
import { type CreateTaskInput, CreateTaskSchema, TaskIdSchema, TaskSchema } from './task-schemas';
import { TasksRepository } from './tasks-repository';
import { TasksService } from './tasks-service';

/** Tasks, newest first. */
@Controller('/tasks')
@Description('Tasks, newest first')
export class TasksController {
  constructor(
    private readonly tasks: TasksService,
    private readonly repository: TasksRepository,
  ) {}

  @Post()
  @Permissions('tasks.create')
  @Returns(TaskSchema)
  @Summary('Create a task')
  async create(
    @Body(CreateTaskSchema) body: CreateTaskInput,
    @CurrentUser() caller: AuthenticatedUser,
    @ResponseHeaders() headers: Record<string, string>,
  ) {
    const task = await this.tasks.create(body, caller);
    headers.Location = `/tasks/${encodeURIComponent(task.id)}`;
    return task;
  }

  @Get('/:id')
  @Permissions('tasks.read')
  @Returns(TaskSchema)
  @Throws(NotFoundException)
  @Summary('One task')
  async one(@Param('id', TaskIdSchema) id: string) {
    // Awaited: a repository may answer synchronously or with a promise.
    const task = await this.repository.findById(id);
    if (!task) throw new NotFoundException(MESSAGES.taskNotFound);
    return task;
  }

  @Get()
  @Permissions('tasks.read')
  @Returns(listPageSchema(TaskSchema, 'Task'))
  @Throws(BadRequestException)
  @Summary('List tasks, newest first')
  @Description(
    'Cursor pagination by (createdAt, id) with `?cursor=&limit=&direction=next|prev`; offset pagination with `?page=&limit=`.',
  )
  list(@Query(ListQuerySchema) query: ListQuery) {
    return this.tasks.list(query);
  }
}
