import type { RequestContext } from '../../../src/http/request-context';
import { HTTP_STATUS, HTTPException } from '../../../src/kernel';
import { type AttemptLimit, attemptLimit, clientAddress } from '../../../src/rate-limit';
import { AccountBusyException } from '../account-limit';
import type { KnownDevice } from '../device-cookie';
import type { LoginLimitOptions } from './auth-routes-options';

const FIFTEEN_MINUTES = 15 * 60_000;
const DEFAULT_MAX = 5;
const DEFAULT_CLIENT_MAX = 20;

// Only a refused password, or a login refused because its username already has its share in
// progress (a flood at that account), uses the allowance: a success, a 503 (busy hashing queue,
// store down) or any other error gives the reserved attempt back.
const isFailedLogin = (err: unknown) =>
  err instanceof AccountBusyException ||
  (err instanceof HTTPException && err.statusCode === HTTP_STATUS.UNAUTHORIZED);

/**
 * Runs a login within the failed-login limits of one client, and of one client and username;
 * `device`, the known device of `username` the attempt comes from (`AuthService.knownDeviceOf`),
 * takes it outside them.
 */
export type LoginAttempts = <T>(
  ctx: RequestContext,
  username: string,
  login: () => Promise<T>,
  device?: KnownDevice,
) => Promise<T>;

/**
 * Failed logins limited per client and username and per client across usernames, as the
 * reference application limits them: once a limit is reached every attempt is a 429, the right
 * password included, until the window ends; except from a known device of the username, which
 * only its own failures limit (ASVS 6.1.1: those who share its address, a carrier-grade NAT or an
 * office, cannot lock its owner out). A device past its own failures is no longer known.
 */
export function loginAttempts(options: LoginLimitOptions, message: string): LoginAttempts {
  const windowMs = options.windowMs ?? FIFTEEN_MINUTES;
  const perUsername: AttemptLimit = attemptLimit({
    windowMs,
    max: options.max ?? DEFAULT_MAX,
    message,
    name: 'login',
    store: options.stores?.username,
  });
  const perClient: AttemptLimit = attemptLimit({
    windowMs,
    max: options.clientMax ?? DEFAULT_CLIENT_MAX,
    message,
    name: 'login-client',
    store: options.stores?.client,
  });
  const giveBack = (userKey: string, clientKey: string) =>
    Promise.all([perUsername.giveBack(userKey), perClient.giveBack(clientKey)]);

  return async (ctx, username, login, device) => {
    // Not counted either: the device's failures are its own (`DeviceFailures`).
    if (device !== undefined) return login();
    const clientKey = clientAddress(ctx.req);
    // Usernames are compared regardless of case, so `Admin` and `admin` share one count.
    const userKey = `${clientKey}:${username.toLowerCase()}`;
    await perUsername.take(userKey);
    try {
      await perClient.take(clientKey);
    } catch (err) {
      await perUsername.giveBack(userKey);
      throw err;
    }
    try {
      const result = await login();
      await giveBack(userKey, clientKey);
      return result;
    } catch (err) {
      if (!isFailedLogin(err)) await giveBack(userKey, clientKey);
      throw err;
    }
  };
}
