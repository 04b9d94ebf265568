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
  MinimumRole,
  Param,
  Permissions,
  Query,
  ResponseHeaders,
} from '../trellis';
import type { CreateUserInput, UpdateUserInput } from './user-schemas';
import { UsersService } from './users-service';

type UsersApi = Pick<typeof sampleApi, 'listUsers' | 'getUser' | 'createUser' | 'updateUser' | 'removeUser'>;

/** User administration; no response ever carries a password or its hash. */
@Controller()
@Description('User administration; no answer ever carries a password or its hash')
export class UsersController implements ContractController<UsersApi> {
  constructor(private readonly users: UsersService) {}

  @Implements(sampleApi.listUsers)
  @MinimumRole('manager')
  @Description(
    'Offset pagination with `?page=&limit=`; cursor pagination (by id) with `?cursor=&limit=&direction=`.',
  )
  listUsers(@Query() query: ListQuery) {
    return this.users.list(query);
  }

  @Implements(sampleApi.getUser)
  @Permissions('users.read')
  getUser(@Param('id') id: number) {
    return this.users.get(id);
  }

  @Implements(sampleApi.createUser)
  @Permissions('users.create')
  async createUser(
    @Body() body: CreateUserInput,
    @CurrentUser() caller: AuthenticatedUser,
    @ResponseHeaders() headers: Record<string, string>,
  ) {
    const user = await this.users.create(body, caller);
    headers.Location = `/users/${user.id}`;
    return { message: MESSAGES.userCreated, user };
  }

  @Implements(sampleApi.updateUser)
  @Permissions('users.update', 'users.read')
  async updateUser(
    @Param('id') id: number,
    @Body() body: UpdateUserInput,
    @CurrentUser() caller: AuthenticatedUser,
  ) {
    return { message: MESSAGES.userUpdated, user: await this.users.update(id, body, caller) };
  }

  @Implements(sampleApi.removeUser)
  @Permissions('users.delete')
  @MinimumRole('manager')
  async removeUser(@Param('id') id: number, @CurrentUser() caller: AuthenticatedUser) {
    await this.users.remove(id, caller);
    return { message: MESSAGES.userDeleted };
  }
}
