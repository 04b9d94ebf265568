import { MESSAGES } from '../messages';
import {
  Auth,
  type AuthenticatedUser,
  AuthService,
  Body,
  ConflictException,
  Controller,
  CurrentUser,
  Depends,
  Description,
  Get,
  HttpCode,
  noStore,
  Post,
  type RequestContext,
  Returns,
  Summary,
  Throws,
  TooManyRequestsException,
  UnauthorizedException,
} from '../trellis';
import {
  MeSchema,
  MessageSchema,
  type RegisterInput,
  RegisterSchema,
  UserResultSchema,
} from '../users/user-schemas';
import { UsersService } from '../users/users-service';
import {
  type LoginInput,
  LoginResultSchema,
  LoginSchema,
  type RefreshInput,
  RefreshSchema,
  TokenPairSchema,
} from './auth-schemas';
import { currentRequest } from './current-request';
import { LoginThrottle } from './login-throttle';

/** Login, registration, token refresh, the caller's profile and logout. */
@Controller('/auth')
@Description('Log in, register, refresh tokens, see who you are, log out')
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly users: UsersService,
    private readonly throttle: LoginThrottle,
  ) {}

  @Post('/login')
  @HttpCode(200)
  @Returns(LoginResultSchema)
  @Throws(UnauthorizedException, TooManyRequestsException)
  @Summary('Log in: an access token, a refresh token and who you are')
  @Description(
    'Failed attempts are limited per client and username (and per client); past the limit every attempt is 429 until the window ends.',
  )
  async login(@Body(LoginSchema) body: LoginInput, @Depends(currentRequest) ctx: RequestContext) {
    const { accessToken, refreshToken, user } = await this.throttle.attempt(ctx, () =>
      this.auth.login(body.username, body.password),
    );
    noStore(ctx);
    return {
      accessToken,
      refreshToken,
      user: { id: user.id, username: user.username, email: user.email, role: user.role },
    };
  }

  @Post('/register')
  @Returns(UserResultSchema)
  @Throws(ConflictException)
  @Summary('Create an account (role viewer)')
  async register(@Body(RegisterSchema) body: RegisterInput) {
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

  @Post('/refresh')
  @HttpCode(200)
  @Returns(TokenPairSchema)
  @Throws(UnauthorizedException)
  @Summary('Trade a refresh token for a new pair; the old one stops working')
  async refresh(@Body(RefreshSchema) body: RefreshInput, @Depends(currentRequest) ctx: RequestContext) {
    const pair = await this.auth.refresh(body.refreshToken);
    noStore(ctx);
    return pair;
  }

  @Get('/me')
  @Auth()
  @Returns(MeSchema)
  @Summary('Who you are, as the database has it now')
  me(@CurrentUser() caller: AuthenticatedUser) {
    const { id, username, email, role, permissions } = this.users.get(Number(caller.id));
    return { id, username, email, role, permissions };
  }

  @Post('/logout')
  @HttpCode(200)
  @Auth()
  @Returns(MessageSchema)
  @Summary('End this session: its refresh token and this access token stop working')
  async logout(@CurrentUser() caller: AuthenticatedUser) {
    await this.auth.logout(caller);
    return { message: MESSAGES.loggedOut };
  }
}
