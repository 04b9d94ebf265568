import type { RequestContext } from '../../src/http/request-context';
import type { SampleConfig } from '../config';
import { MESSAGES } from '../messages';
import type { SharedState } from '../shared-state';
import { SAMPLE_CONFIG, SHARED_STATE } from '../tokens';
import { AuthService, Inject, Injectable, type LoginAttempts, loginAttempts } from '../trellis';

function usernameOf(ctx: RequestContext): string {
  const body = ctx.body as { username?: unknown } | undefined;
  return typeof body?.username === 'string' ? body.username : '';
}

/**
 * Limits failed logins with the auth module's `loginAttempts`: per client and username
 * (`LOGIN_RATE_LIMIT_MAX`), and per client across usernames (`LOGIN_CLIENT_RATE_LIMIT_MAX`), both
 * per `LOGIN_RATE_LIMIT_WINDOW_MS`, counted through the shared state so instances agree.
 */
@Injectable()
export class LoginThrottle {
  private readonly attempts: LoginAttempts;

  constructor(
    @Inject(SAMPLE_CONFIG) config: SampleConfig,
    @Inject(SHARED_STATE) state: SharedState,
    private readonly auth: AuthService,
  ) {
    const { windowMs, max, clientMax } = config.loginRateLimit;
    this.attempts = loginAttempts(
      {
        windowMs,
        max,
        clientMax,
        stores: { username: state.rateLimitStore('login'), client: state.rateLimitStore('login-client') },
      },
      MESSAGES.tooManyLogins,
    );
  }

  /**
   * Runs `login` if the limits allow it, counting it only if it fails with a 401 (or the account
   * is busy). A known device of the username (its device cookie) is judged by its own failures
   * only, before the per-client limits, so a shared address never locks its owner out.
   */
  attempt<T>(ctx: RequestContext, login: () => Promise<T>): Promise<T> {
    const username = usernameOf(ctx);
    return this.attempts(ctx, username, login, this.auth.knownDeviceOf(ctx, username));
  }
}
