import { Inject } from '../../../container/inversify';
import {
  Body,
  Controller,
  CurrentUser,
  Depends,
  Description,
  Get,
  HttpCode,
  Post,
  Returns,
  Summary,
  Throws,
} from '../../../src/decorators';
import type { RequestContext } from '../../../src/http/request-context';
import {
  type Class,
  NotFoundException,
  TooManyRequestsException,
  UnauthorizedException,
} from '../../../src/kernel';
import { noStore } from '../../../src/security';
import { Auth } from '../auth-decorator';
import type { AuthMessages } from '../auth-messages';
import type { UserProvider } from '../auth-options';
import { AuthService } from '../auth-service';
import { USER_PROVIDER } from '../auth-tokens';
import type { AuthenticatedUser } from '../caller';
import {
  LoginBodySchema,
  LoginResultSchema,
  LogoutResultSchema,
  MeSchema,
  RefreshBodySchema,
  TokenPairSchema,
} from './auth-route-schemas';
import type { LoginAttempts } from './login-attempts';

const requestContext = (ctx: RequestContext) => ctx;

const DEVICE_NOTE =
  'A success sets a device cookie; while a username is flooded with failures, attempts without a valid one are 429 with Retry-After, while the device cookie of an earlier login of that user keeps working.';

const unlimited: LoginAttempts = (_ctx, _username, login) => login();

/**
 * The reference endpoints under `prefix`: login, refresh, me and logout. A class per install, as
 * the prefix is part of its metadata.
 */
export function authRoutesController(
  prefix: string,
  messages: AuthMessages,
  attempts?: LoginAttempts,
): Class {
  const limited = attempts ?? unlimited;

  @Controller(prefix)
  @Description('Log in, refresh tokens, see who you are, log out')
  class AuthRoutesController {
    constructor(
      @Inject(AuthService) private readonly auth: AuthService,
      @Inject(USER_PROVIDER) private readonly users: UserProvider,
    ) {}

    @Post('/login')
    @HttpCode(200)
    @Returns(LoginResultSchema)
    // 429 whatever the limits: a flood at a username is refused to devices it does not know.
    @Throws(UnauthorizedException, TooManyRequestsException)
    @Summary('Log in: an access token, a refresh token and who you are')
    @Description(
      attempts
        ? `Failed attempts are limited per client and username (and per client); past the limit every attempt without a valid device cookie is 429 until the window ends. ${DEVICE_NOTE}`
        : `Trade a username and password for a new session. ${DEVICE_NOTE}`,
    )
    async login(
      @Body(LoginBodySchema) body: { username: string; password: string },
      @Depends(requestContext) ctx: RequestContext,
    ) {
      // Judged again by loginFrom in this same turn of the event loop, so both see the same device.
      const device = this.auth.knownDeviceOf(ctx, body.username);
      const { accessToken, refreshToken, user } = await limited(
        ctx,
        body.username,
        () => this.auth.loginFrom(ctx, body.username, body.password),
        device,
      );
      noStore(ctx);
      return {
        accessToken,
        refreshToken,
        user: { id: user.id, username: user.username, email: user.email, role: user.role },
      };
    }

    @Post('/refresh')
    @HttpCode(200)
    @Returns(TokenPairSchema)
    @Throws(UnauthorizedException)
    @Summary('Trade a refresh token for a new pair; the old one stops working')
    async refresh(
      @Body(RefreshBodySchema) body: { refreshToken: string },
      @Depends(requestContext) ctx: RequestContext,
    ) {
      const pair = await this.auth.refresh(body.refreshToken);
      noStore(ctx);
      return pair;
    }

    @Get('/me')
    @Auth()
    @Returns(MeSchema)
    @Throws(NotFoundException)
    @Summary('Who you are, as the user provider has it now')
    async me(@CurrentUser() caller: AuthenticatedUser) {
      const user = await this.users.findById(caller.id);
      if (!user) throw new NotFoundException(messages.userNotFound);
      const { id, username, email, role, permissions } = user;
      return { id, username, email, role, permissions };
    }

    @Post('/logout')
    @HttpCode(200)
    @Auth()
    @Returns(LogoutResultSchema)
    @Summary('End this session: its refresh token and this access token stop working')
    async logout(@CurrentUser() caller: AuthenticatedUser) {
      await this.auth.logout(caller);
      return { message: messages.loggedOut };
    }
  }
  return AuthRoutesController;
}
