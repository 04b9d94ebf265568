import { MESSAGES } from '../messages';
import { type ListQuery, ListQuerySchema } from '../paging/list-query';
import { listPageSchema } from '../paging/page-schemas';
import {
  type AuthenticatedUser,
  BadRequestException,
  Body,
  ConflictException,
  Controller,
  CurrentUser,
  Delete,
  Description,
  Get,
  Idempotent,
  MinimumRole,
  Param,
  Permissions,
  Post,
  Put,
  Query,
  Returns,
  Summary,
  Throws,
} from '../trellis';
import {
  type CreateUserInput,
  CreateUserSchema,
  MessageSchema,
  type UpdateUserInput,
  UpdateUserSchema,
  UserIdSchema,
  UserResultSchema,
  UserSummarySchema,
} from './user-schemas';
import { UsersService } from './users-service';

/** User administration; no response ever carries a password or its hash. */
@Controller('/users')
@Description('User administration; no answer ever carries a password or its hash')
export class UsersController {
  constructor(private readonly users: UsersService) {}

  @Get()
  @MinimumRole('manager')
  @Returns(listPageSchema(UserSummarySchema, 'User'))
  @Throws(BadRequestException)
  @Summary('List users')
  @Description(
    'Offset pagination with `?page=&limit=`; cursor pagination (by id) with `?cursor=&limit=&direction=`.',
  )
  list(@Query(ListQuerySchema) query: ListQuery) {
    return this.users.list(query);
  }

  @Get('/:id')
  @Permissions('users.read')
  @Returns(UserSummarySchema)
  @Summary('One user')
  one(@Param('id', UserIdSchema) id: number) {
    return this.users.get(id);
  }

  @Post()
  @Idempotent()
  @Permissions('users.create')
  @Returns(UserResultSchema)
  @Throws(ConflictException)
  @Summary('Create a user with a role up to your own')
  async create(@Body(CreateUserSchema) body: CreateUserInput, @CurrentUser() caller: AuthenticatedUser) {
    return { message: MESSAGES.userCreated, user: await this.users.create(body, caller) };
  }

  @Put('/:id')
  @Permissions('users.update', 'users.read')
  @Returns(UserResultSchema)
  @Summary('Change e-mail, role (needs users.change_role) or permissions')
  async update(
    @Param('id', UserIdSchema) id: number,
    @Body(UpdateUserSchema) body: UpdateUserInput,
    @CurrentUser() caller: AuthenticatedUser,
  ) {
    return { message: MESSAGES.userUpdated, user: await this.users.update(id, body, caller) };
  }

  @Delete('/:id')
  @Permissions('users.delete')
  @MinimumRole('manager')
  @Returns(MessageSchema)
  @Summary('Delete a user (not yourself, nor a higher role)')
  async remove(@Param('id', UserIdSchema) id: number, @CurrentUser() caller: AuthenticatedUser) {
    await this.users.remove(id, caller);
    return { message: MESSAGES.userDeleted };
  }
}
