import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';

/** The name of the device cookie a successful login sets, by default. */
export const DEFAULT_DEVICE_COOKIE_NAME = 'trellis_device';

/** Seconds a device cookie is honoured after the login that set it, by default (30 days). */
export const DEFAULT_DEVICE_COOKIE_MAX_AGE = 30 * 24 * 60 * 60;

// Device cookies are longer than no real cookie: anything past it is refused unread.
const MAX_COOKIE_LENGTH = 512;
const DEVICE_ID_BYTES = 16;

/** A device cookie that checked out: the device it names. */
export interface KnownDevice {
  /** The random id given to the device at its first successful login. */
  id: string;
}

/**
 * Signs and checks device cookies (OWASP's "device cookies" against brute force): a successful
 * login gives the browser `<username>.<device id>.<expiry>.<HMAC>`, and a later login of the same
 * username carrying it is judged by that device's own failures instead of the account's. The HMAC
 * key is derived from the JWT secret (HKDF with its own label), so changing the secret revokes
 * every device cookie along with every token, and a device cookie is never a valid token.
 */
export class DeviceCookieSigner {
  private readonly key: Buffer;

  constructor(
    secret: string,
    readonly maxAgeSeconds: number = DEFAULT_DEVICE_COOKIE_MAX_AGE,
    /** Milliseconds since the epoch; tests pass their own. */
    private readonly now: () => number = Date.now,
  ) {
    this.key = Buffer.from(hkdfSync('sha256', secret, '', 'trellis device cookie v1', 32));
  }

  /** A new cookie value naming `username` on `device` (a new device when absent). */
  issue(username: string, device?: KnownDevice): string {
    const id = device?.id ?? randomBytes(DEVICE_ID_BYTES).toString('base64url');
    const expires = Math.floor(this.now() / 1000) + this.maxAgeSeconds;
    const payload = `${Buffer.from(keyOf(username)).toString('base64url')}.${id}.${expires}`;
    return `${payload}.${this.mac(payload)}`;
  }

  /** The device a cookie names when it is signed here, unexpired, and for `username`; undefined otherwise. */
  verify(value: string | undefined, username: string): KnownDevice | undefined {
    if (typeof value !== 'string' || value.length > MAX_COOKIE_LENGTH) return undefined;
    const parts = value.split('.');
    if (parts.length !== 4) return undefined;
    const [user, id, expires, mac] = parts as [string, string, string, string];
    // The username and expiry are the sender's own text, no secret: checked first, so the cookies
    // of other users and planted garbage cost no HMAC.
    if (Buffer.from(user, 'base64url').toString() !== keyOf(username)) return undefined;
    if (!/^\d{1,12}$/.test(expires) || Number(expires) * 1000 <= this.now()) return undefined;
    const expected = Buffer.from(this.mac(`${user}.${id}.${expires}`));
    const given = Buffer.from(mac);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    return { id };
  }

  private mac(payload: string): string {
    return createHmac('sha256', this.key).update(payload).digest('base64url');
  }
}

// Case variants of a username are one account, as the login limits count them.
function keyOf(username: string): string {
  return username.toLowerCase();
}
