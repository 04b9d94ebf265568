import type { SampleConfig } from '../config';
import { MESSAGES } from '../messages';
import type { SharedState } from '../shared-state';
import { SAMPLE_CONFIG, SHARED_STATE } from '../tokens';
import {
  clientAddress,
  Inject,
  Injectable,
  type RateLimiter,
  type RateLimitRequest,
  type RequestContext,
  rateLimit,
} from '../trellis';

function usernameOf(ctx: RequestContext | undefined): string {
  const body = ctx?.body as { username?: unknown } | undefined;
  // Usernames are unique regardless of case, so `Admin` and `admin` share one count.
  return typeof body?.username === 'string' ? body.username.toLowerCase() : '';
}

/** The key login attempts are counted under: the client's address and the username tried. */
export function loginKey(req: RateLimitRequest, ctx?: RequestContext): string {
  return `${clientAddress(req)}:${usernameOf(ctx)}`;
}

/**
 * Limits login attempts per client and username (`LOGIN_RATE_LIMIT_MAX` per
 * `LOGIN_RATE_LIMIT_WINDOW_MS`). Every attempt counts, so guessing a password costs a window per few tries.
 */
@Injectable()
export class LoginThrottle {
  private readonly limiter: RateLimiter;

  constructor(@Inject(SAMPLE_CONFIG) config: SampleConfig, @Inject(SHARED_STATE) state: SharedState) {
    this.limiter = rateLimit({
      windowMs: config.loginRateLimit.windowMs,
      max: config.loginRateLimit.max,
      store: state.rateLimitStore('login'),
      message: MESSAGES.tooManyLogins,
      keyGenerator: loginKey,
    });
  }

  /** Counts one attempt; throws the 429 past the limit. Call once the body is validated. */
  attempt(ctx: RequestContext): Promise<void> {
    return this.limiter.check(ctx);
  }
}
