import { type ListQuery, ListQuerySchema } from '../paging/list-query';
import {
  type AuthenticatedUser,
  Body,
  Controller,
  CurrentUser,
  Description,
  Get,
  Permissions,
  Post,
  Query,
  Summary,
} from '../trellis';
import { type CreateTaskInput, CreateTaskSchema } from './task-schemas';
import { TasksService } from './tasks-service';

/** Tasks, newest first. */
@Controller('/tasks')
export class TasksController {
  constructor(private readonly tasks: TasksService) {}

  @Post()
  @Permissions('tasks.create')
  @Summary('Create a task')
  create(@Body(CreateTaskSchema) body: CreateTaskInput, @CurrentUser() caller: AuthenticatedUser) {
    return this.tasks.create(body, caller);
  }

  @Get()
  @Permissions('tasks.read')
  @Summary('List tasks, newest first')
  @Description(
    'Cursor pagination by (createdAt, id) with `?cursor=&limit=&direction=next|prev`; offset pagination with `?page=&limit=`.',
  )
  list(@Query(ListQuerySchema) query: ListQuery) {
    return this.tasks.list(query);
  }
}
