/** How a request names the API version it wants: a `/v1` path prefix, a header, or an `Accept` parameter. */
export type VersioningOptions =
  | { type: 'uri' }
  | { type: 'header'; header: string }
  /** `Accept: application/json;v=2` with `key: 'v='`. */
  | { type: 'media-type'; key: string };

/** A route served whatever version is asked (or none): health checks, the login. */
export const VERSION_NEUTRAL = Symbol.for('trellis.versionNeutral');

/** What `Controller({ version })` and `Version()` take: a version such as `'1'`, a list, or `VERSION_NEUTRAL`. */
export type VersionValue = string | readonly string[] | typeof VERSION_NEUTRAL;

/** What `Deprecated()` takes: when it was deprecated, when it goes away, and what replaces it. */
export interface DeprecationOptions {
  /** When the route was deprecated; the application's start when not given. */
  since?: Date;
  /** When it stops answering (the `Sunset` header). */
  sunset?: Date;
  /** The route or version that replaces it (a `Link` with `rel="successor-version"`). */
  link?: string;
}
