import type { ServerResponse } from 'node:http';
import type { RequestContext } from '../../src/http/request-context';
import type { DeviceCookieSigner, KnownDevice } from './device-cookie';
import { cookieValues } from './request-cookies';

// Browsers take a cookie of this prefix only when it is Secure, has no Domain and has Path=/, so
// no sibling subdomain can set one: it cannot be tossed.
const HOST_ONLY_PREFIX = '__Host-';

/** How the device cookie travels: its signer, name and attributes. */
export interface DeviceCookieSettings {
  /** Signs and checks the values. */
  signer: DeviceCookieSigner;
  /** The cookie's name (without the `__Host-` prefix a Secure one is set with). */
  name: string;
  /** Whether the cookie is `Secure` (sent over HTTPS only): with NODE_ENV=production. */
  secure: boolean;
}

/** The name the cookie is set under: `__Host-<name>` where it is Secure, `name` otherwise. */
export function deviceCookieName(settings: DeviceCookieSettings): string {
  return settings.secure ? hostOnly(settings.name) : settings.name;
}

/**
 * The known devices of `username` the request's device cookies name, each once. Every cookie of
 * the `__Host-` name and of the plain one counts, whatever comes before it in the header: the
 * plain name is what cookies set without Secure carry, and what Secure ones carried before the
 * prefix, honoured for their lifetime.
 */
export function devicesOf(
  ctx: RequestContext,
  settings: DeviceCookieSettings,
  username: string,
): KnownDevice[] {
  const names = [...new Set([hostOnly(settings.name), settings.name])];
  const devices: KnownDevice[] = [];
  for (const value of cookieValues(ctx.headers?.cookie, names)) {
    const device = settings.signer.verify(value, username);
    if (device && !devices.some((known) => known.id === device.id)) devices.push(device);
  }
  return devices;
}

/**
 * Sets the device cookie of a successful login on the answer: HttpOnly (no script reads it),
 * SameSite=Strict (no other site's page sends it). Where it is Secure it is `__Host-` prefixed,
 * which requires Path=/; otherwise it is sent back only to the path it was set on (the login route).
 */
export function setDeviceCookie(ctx: RequestContext, settings: DeviceCookieSettings, value: string): void {
  const res = ((ctx.res as { raw?: unknown })?.raw ?? ctx.res) as ServerResponse | undefined;
  if (typeof res?.appendHeader !== 'function') return;
  const attributes = [
    `${deviceCookieName(settings)}=${value}`,
    `Path=${settings.secure ? '/' : loginPath(ctx)}`,
    `Max-Age=${settings.signer.maxAgeSeconds}`,
    'HttpOnly',
    'SameSite=Strict',
  ];
  if (settings.secure) attributes.push('Secure');
  res.appendHeader('Set-Cookie', attributes.join('; '));
}

function hostOnly(name: string): string {
  return name.startsWith(HOST_ONLY_PREFIX) ? name : `${HOST_ONLY_PREFIX}${name}`;
}

// The path of the login route itself (no query), so the cookie goes to no other route.
function loginPath(ctx: RequestContext): string {
  const url = String((ctx.req as { originalUrl?: string; url?: string })?.originalUrl ?? ctx.req?.url ?? '/');
  const path = url.split('?')[0] ?? '/';
  return /^\/[\w\-./~%]*$/.test(path) ? path : '/';
}
