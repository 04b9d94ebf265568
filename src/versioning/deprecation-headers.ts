import type { DeprecationOptions } from './versioning-options';

/** The headers of a deprecated route's answers: `Deprecation` (RFC 9745), `Sunset` (RFC 8594), `Link`. */
export function deprecationHeaders(options: DeprecationOptions, startedAt: Date): Record<string, string> {
  const since = options.since ?? startedAt;
  const headers: Record<string, string> = { Deprecation: `@${Math.floor(since.getTime() / 1000)}` };
  if (options.sunset) headers.Sunset = options.sunset.toUTCString();
  if (options.link) headers.Link = `<${options.link}>; rel="successor-version"`;
  return headers;
}
