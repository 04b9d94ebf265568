import type { SampleConfig } from '../config';
import { MESSAGES } from '../messages';
import type { SharedState } from '../shared-state';
import { SAMPLE_CONFIG, SHARED_STATE } from '../tokens';
import {
  AccountBusyException,
  type AttemptLimit,
  attemptLimit,
  clientAddress,
  HTTPException,
  Inject,
  Injectable,
  type RequestContext,
} from '../trellis';

const UNAUTHORIZED = 401;

function usernameOf(ctx: RequestContext): string {
  const body = ctx.body as { username?: unknown } | undefined;
  // Usernames are unique regardless of case, so `Admin` and `admin` share one count.
  return typeof body?.username === 'string' ? body.username.toLowerCase() : '';
}

// Only a refused password, or a login refused because its username already has its share in
// progress (a flood at that account), uses the allowance: a success, a 503 (busy hashing queue,
// Redis down) or any other error gives the reserved attempt back.
const isFailedLogin = (err: unknown) =>
  err instanceof AccountBusyException || (err instanceof HTTPException && err.statusCode === UNAUTHORIZED);

/**
 * Limits failed logins: per client and username (`LOGIN_RATE_LIMIT_MAX`), and per client across
 * usernames (`LOGIN_CLIENT_RATE_LIMIT_MAX`), both per `LOGIN_RATE_LIMIT_WINDOW_MS`. Successful
 * logins neither use the allowance nor reset it; once a limit is reached, every attempt is a 429,
 * the right password included, until the window ends.
 */
@Injectable()
export class LoginThrottle {
  private readonly perUsername: AttemptLimit;
  private readonly perClient: AttemptLimit;

  constructor(@Inject(SAMPLE_CONFIG) config: SampleConfig, @Inject(SHARED_STATE) state: SharedState) {
    const { windowMs, max, clientMax } = config.loginRateLimit;
    const message = MESSAGES.tooManyLogins;
    this.perUsername = attemptLimit({ windowMs, max, message, store: state.rateLimitStore('login') });
    this.perClient = attemptLimit({
      windowMs,
      max: clientMax,
      message,
      store: state.rateLimitStore('login-client'),
    });
  }

  /** Runs `login` if the limits allow it, counting it only if it fails with a 401. */
  async attempt<T>(ctx: RequestContext, login: () => Promise<T>): Promise<T> {
    const clientKey = clientAddress(ctx.req);
    // Failed logins per username are counted per client too: the address, then the username tried.
    const userKey = `${clientKey}:${usernameOf(ctx)}`;
    await this.perUsername.take(userKey);
    try {
      await this.perClient.take(clientKey);
    } catch (err) {
      await this.perUsername.giveBack(userKey);
      throw err;
    }
    try {
      const result = await login();
      await this.giveBack(userKey, clientKey);
      return result;
    } catch (err) {
      if (!isFailedLogin(err)) await this.giveBack(userKey, clientKey);
      throw err;
    }
  }

  private async giveBack(userKey: string, clientKey: string): Promise<void> {
    await Promise.all([this.perUsername.giveBack(userKey), this.perClient.giveBack(clientKey)]);
  }
}
