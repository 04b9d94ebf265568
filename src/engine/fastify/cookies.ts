import cookieParser from 'cookie-parser';

type CookieHolder = Parameters<ReturnType<typeof cookieParser>>[0];

const parse = cookieParser();
const ignore = () => {};

/**
 * Parses a `Cookie` header exactly as the Express engine does (cookie-parser: decoded values,
 * `j:` JSON cookies), so `@Cookie()` reads the same values on either engine.
 */
export function parseCookies(header: string | undefined): Record<string, string | undefined> {
  const holder = { headers: { cookie: header } } as unknown as CookieHolder;
  parse(holder, undefined as never, ignore);
  return holder.cookies;
}
