import { z } from 'zod';
import { MESSAGES } from '../messages';
import {
  Auth,
  type AuthenticatedUser,
  Controller,
  CurrentUser,
  Description,
  Get,
  MinimumRole,
  Returns,
  Summary,
} from '../trellis';

const GreetingSchema = z
  .object({
    message: z.string().describe('Who got in'),
    user: z
      .object({
        id: z.union([z.number().int(), z.string()]).describe('The user id'),
        username: z.string().describe('The username'),
        role: z.string().describe('The role'),
        permissions: z.array(z.string()).describe('The permissions'),
      })
      .describe('The caller'),
  })
  .meta({ id: 'Greeting', description: 'Access granted, and to whom' });

const ProtectedSchema = z
  .object({
    message: z.string().describe('Who got in'),
    user: z.string().describe('Your username'),
  })
  .meta({ id: 'ProtectedGreeting', description: 'Access granted, and to whom' });

type Caller = Pick<AuthenticatedUser, 'id' | 'username' | 'role' | 'permissions'>;

const caller = ({ id, username, role, permissions }: AuthenticatedUser): Caller => ({
  id,
  username,
  role,
  permissions,
});

/** Routes that only show the guards at work. */
@Controller()
@Description('Routes that only show the guards at work')
export class GuardedController {
  @Get('/protected')
  @Auth()
  @Returns(ProtectedSchema)
  @Summary('Any authenticated user: the message and your username')
  protectedRoute(@CurrentUser() user: AuthenticatedUser) {
    return { message: MESSAGES.protectedRoute, user: user.username };
  }

  @Get('/admin-only')
  @MinimumRole('admin')
  @Returns(GreetingSchema)
  @Summary('Admins only')
  adminOnly(@CurrentUser() user: AuthenticatedUser) {
    return { message: MESSAGES.adminOnly, user: caller(user) };
  }

  @Get('/manager-up')
  @MinimumRole('manager')
  @Returns(GreetingSchema)
  @Summary('Managers and admins')
  managerUp(@CurrentUser() user: AuthenticatedUser) {
    return { message: MESSAGES.managerUp, user: caller(user) };
  }
}
