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
  Idempotent,
  Permissions,
  Post,
  Query,
  Returns,
  Summary,
  Throws,
} from '../trellis';
import { type CreateTaskInput, CreateTaskSchema, TaskSchema } from './task-schemas';
import { TasksService } from './tasks-service';

/** Tasks, newest first. */
@Controller('/tasks')
@Description('Tasks, newest first')
export class TasksController {
  constructor(private readonly tasks: TasksService) {}

  @Post()
  @Idempotent()
  @Permissions('tasks.create')
  @Returns(TaskSchema)
  @Summary('Create a task')
  create(@Body(CreateTaskSchema) body: CreateTaskInput, @CurrentUser() caller: AuthenticatedUser) {
    return this.tasks.create(body, caller);
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
