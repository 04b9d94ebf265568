import { MESSAGES } from '../messages';
import { Auth, type AuthenticatedUser, Controller, CurrentUser, Get, MinimumRole, Summary } from '../trellis';

type Caller = Pick<AuthenticatedUser, 'id' | 'username' | 'role' | 'permissions'>;

const caller = ({ id, username, role, permissions }: AuthenticatedUser): Caller => ({
  id,
  username,
  role,
  permissions,
});

/** Routes that only show the guards at work. */
@Controller()
export class GuardedController {
  @Get('/protected')
  @Auth()
  @Summary('Any authenticated user: the message and your username')
  protectedRoute(@CurrentUser() user: AuthenticatedUser) {
    return { message: MESSAGES.protectedRoute, user: user.username };
  }

  @Get('/admin-only')
  @MinimumRole('admin')
  @Summary('Admins only')
  adminOnly(@CurrentUser() user: AuthenticatedUser) {
    return { message: MESSAGES.adminOnly, user: caller(user) };
  }

  @Get('/manager-up')
  @MinimumRole('manager')
  @Summary('Managers and admins')
  managerUp(@CurrentUser() user: AuthenticatedUser) {
    return { message: MESSAGES.managerUp, user: caller(user) };
  }
}
