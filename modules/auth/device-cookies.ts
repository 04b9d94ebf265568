import type { ServerResponse } from 'node:http';
import type { RequestContext } from '../../src/routing';
import type { DeviceCookieSigner, KnownDevice } from './device-cookie';

/** How the device cookie travels: its signer, name and attributes. */
export interface DeviceCookieSettings {
  /** Signs and checks the values. */
  signer: DeviceCookieSigner;
  /** The cookie's name. */
  name: string;
  /** Whether the cookie is `Secure` (sent over HTTPS only): with NODE_ENV=production. */
  secure: boolean;
}

/** The known device a request's device cookie names for `username`, if it names one. */
export function deviceOf(
  ctx: RequestContext,
  settings: DeviceCookieSettings,
  username: string,
): KnownDevice | undefined {
  return settings.signer.verify(ctx.cookies?.[settings.name], username);
}

/**
 * Sets the device cookie of a successful login on the answer: HttpOnly (no script reads it),
 * SameSite=Strict (no other site's page sends it), Secure in production, and sent back only to
 * the path it was set on (the login route).
 */
export function setDeviceCookie(ctx: RequestContext, settings: DeviceCookieSettings, value: string): void {
  const res = ((ctx.res as { raw?: unknown })?.raw ?? ctx.res) as ServerResponse | undefined;
  if (typeof res?.appendHeader !== 'function') return;
  const attributes = [
    `${settings.name}=${value}`,
    `Path=${loginPath(ctx)}`,
    `Max-Age=${settings.signer.maxAgeSeconds}`,
    'HttpOnly',
    'SameSite=Strict',
  ];
  if (settings.secure) attributes.push('Secure');
  res.appendHeader('Set-Cookie', attributes.join('; '));
}

// The path of the login route itself (no query), so the cookie goes to no other route.
function loginPath(ctx: RequestContext): string {
  const url = String((ctx.req as { originalUrl?: string; url?: string })?.originalUrl ?? ctx.req?.url ?? '/');
  const path = url.split('?')[0] ?? '/';
  return /^\/[\w\-./~%]*$/.test(path) ? path : '/';
}
