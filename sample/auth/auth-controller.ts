import type { RequestContext } from '../../src/http/request-context';
import { sampleApi } from '../api/sample-api';
import { MESSAGES } from '../messages';
import {
  Auth,
  type AuthenticatedUser,
  AuthService,
  Body,
  type ContractController,
  Controller,
  CurrentUser,
  Depends,
  Description,
  Idempotent,
  Implements,
  noStore,
} from '../trellis';
import type { RegisterInput } from '../users/user-schemas';
import { UsersService } from '../users/users-service';
import type { LoginInput, RefreshInput } from './auth-schemas';
import { currentRequest } from './current-request';
import { LoginThrottle } from './login-throttle';

type AuthApi = Pick<typeof sampleApi, 'login' | 'register' | 'refresh' | 'me' | 'logout'>;

/** Login, registration, token refresh, the caller's profile and logout. */
@Controller()
@Description('Log in, register, refresh tokens, see who you are, log out')
export class AuthController implements ContractController<AuthApi> {
  constructor(
    private readonly auth: AuthService,
    private readonly users: UsersService,
    private readonly throttle: LoginThrottle,
  ) {}

  @Implements(sampleApi.login)
  @Description(
    'Failed attempts are limited per client and username (and per client); past the limit every attempt is 429 until the window ends.',
  )
  async login(@Body() body: LoginInput, @Depends(currentRequest) ctx: RequestContext) {
    const { accessToken, refreshToken, user } = await this.throttle.attempt(ctx, () =>
      this.auth.loginFrom(ctx, body.username, body.password),
    );
    noStore(ctx);
    return {
      accessToken,
      refreshToken,
      user: { id: Number(user.id), username: user.username, email: user.email ?? '', role: user.role },
    };
  }

  @Implements(sampleApi.register)
  @Idempotent()
  async register(@Body() body: RegisterInput) {
    const user = await this.users.register(body);
    return {
      message: MESSAGES.userCreated,
      user: {
        id: user.id,
        username: user.username,
        email: user.email,
        role: user.role,
        permissions: user.permissions,
      },
    };
  }

  @Implements(sampleApi.refresh)
  async refresh(@Body() body: RefreshInput, @Depends(currentRequest) ctx: RequestContext) {
    const pair = await this.auth.refresh(body.refreshToken);
    noStore(ctx);
    return pair;
  }

  @Implements(sampleApi.me)
  @Auth()
  async me(@CurrentUser() caller: AuthenticatedUser) {
    const { id, username, email, role, permissions } = await this.users.get(Number(caller.id));
    return { id, username, email, role, permissions };
  }

  @Implements(sampleApi.logout)
  @Auth()
  async logout(@CurrentUser() caller: AuthenticatedUser) {
    await this.auth.logout(caller);
    return { message: MESSAGES.loggedOut };
  }
}
